CREATE TABLE "alert_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"city_code" text NOT NULL,
	"district_id" integer,
	"query" jsonb NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "im_conversations" DROP CONSTRAINT "im_conversations_agent_user_id_agents_user_id_fk";
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_city_code_cities_city_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("city_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_matches_pk" ON "saved_search_matches" USING btree ("saved_search_id","listing_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_idx" ON "saved_search_matches" USING btree ("matched_at") WHERE "saved_search_matches"."digested_at" is null;--> statement-breakpoint
-- INCLUDE (id, created_at): the matcher reads its candidates from the index alone (hand-written: drizzle's snapshot knows the index without it).
CREATE INDEX "saved_searches_match_idx" ON "saved_searches" USING btree ("channel","city_code","district_id") INCLUDE ("id","created_at") WHERE not "saved_searches"."paused";--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
-- The other end of a conversation is an agent's IM identity or 优居找房助手 (2000000000, contracts/im-constants.ts
-- IM_ASSISTANT_USER_ID), which is no agent: the foreign key gives way to this check, on insert and on update.
CREATE FUNCTION im_conversations_agent_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.agent_user_id <> 2000000000 AND NOT EXISTS (SELECT 1 FROM agents WHERE user_id = NEW.agent_user_id) THEN
    RAISE EXCEPTION 'im_conversations.agent_user_id % is no agent', NEW.agent_user_id USING ERRCODE = '23503';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER im_conversations_agent_check BEFORE INSERT OR UPDATE OF agent_user_id ON im_conversations
  FOR EACH ROW EXECUTE FUNCTION im_conversations_agent_check();

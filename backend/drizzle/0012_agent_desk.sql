CREATE TABLE "agent_desk_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "im_messages_client_idx";--> statement-breakpoint
ALTER TABLE "im_messages" ADD COLUMN "from_user" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_desk_tokens_hash_idx" ON "agent_desk_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "agent_desk_tokens_agent_idx" ON "agent_desk_tokens" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "im_messages_client_idx" ON "im_messages" USING btree ("from_user","sender_id","client_msg_id");
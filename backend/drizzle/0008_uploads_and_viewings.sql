CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"suffix" text NOT NULL,
	"size" integer NOT NULL,
	"md5" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumb_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_type" smallint NOT NULL,
	"listing_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"date" text NOT NULL,
	"slot" smallint NOT NULL,
	"contact_name" text NOT NULL,
	"mobile" text NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_idx" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "viewings_user_idx" ON "viewings" USING btree ("user_id","business_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_open_idx" ON "viewings" USING btree ("user_id","business_type","listing_id") WHERE status in (1, 2);
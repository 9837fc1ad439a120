CREATE TABLE "price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"listing_id" integer NOT NULL,
	"old_price" double precision NOT NULL,
	"new_price" double precision NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_changes_listing_idx" ON "price_changes" USING btree ("channel","listing_id","changed_at");--> statement-breakpoint
CREATE INDEX "price_changes_recent_idx" ON "price_changes" USING btree ("channel","changed_at");
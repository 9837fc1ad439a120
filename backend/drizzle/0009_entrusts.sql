CREATE TABLE "entrusts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_type" smallint NOT NULL,
	"city_code" text NOT NULL,
	"community_id" integer NOT NULL,
	"building" text NOT NULL,
	"unit" text NOT NULL,
	"room" text NOT NULL,
	"area" double precision NOT NULL,
	"rooms" smallint NOT NULL,
	"halls" smallint NOT NULL,
	"baths" smallint NOT NULL,
	"floor" smallint NOT NULL,
	"total_floors" smallint NOT NULL,
	"orientation" text NOT NULL,
	"decoration" text NOT NULL,
	"price" double precision NOT NULL,
	"rent_type" smallint,
	"payment" text,
	"contact_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photos" jsonb NOT NULL,
	"brand_ids" integer[] NOT NULL,
	"status" smallint NOT NULL,
	"listing_id" integer,
	"agent_id" integer,
	"brand_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listing_follows" (
	"user_id" integer NOT NULL,
	"business_type" smallint NOT NULL,
	"listing_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"business_type" smallint NOT NULL,
	"listing_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "entrusts_user_idx" ON "entrusts" USING btree ("user_id","business_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "entrusts_listing_idx" ON "entrusts" USING btree ("business_type","listing_id") WHERE listing_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "entrusts_open_idx" ON "entrusts" USING btree ("user_id","business_type","community_id","building","unit","room") WHERE status in (1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "listing_follows_pk" ON "listing_follows" USING btree ("user_id","business_type","listing_id");--> statement-breakpoint
CREATE INDEX "listing_follows_listing_idx" ON "listing_follows" USING btree ("business_type","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_views_pk" ON "listing_views" USING btree ("business_type","listing_id");--> statement-breakpoint
CREATE INDEX "viewings_listing_idx" ON "viewings" USING btree ("business_type","listing_id");
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_code" text NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"overall" smallint NOT NULL,
	"location" smallint NOT NULL,
	"transport" smallint NOT NULL,
	"amenities" smallint NOT NULL,
	"environment" smallint NOT NULL,
	"value" smallint NOT NULL,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_phone_reveals" ALTER COLUMN "business_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_phone_reveals" ALTER COLUMN "business_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "career_start" smallint DEFAULT 2020 NOT NULL;--> statement-breakpoint
ALTER TABLE "new_projects" ADD COLUMN "sales_office" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "new_projects" ADD COLUMN "property_fee" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "new_projects" ADD COLUMN "heating" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "new_projects" ADD COLUMN "permits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "places_city_kind_lat_idx" ON "places" USING btree ("city_code","kind","lat");--> statement-breakpoint
CREATE INDEX "project_news_project_idx" ON "project_news" USING btree ("project_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "project_reviews_user_idx" ON "project_reviews" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "project_reviews_project_idx" ON "project_reviews" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_agent_idx" ON "esf_listings" USING btree ("agent_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rentals_agent_idx" ON "rentals" USING btree ("agent_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
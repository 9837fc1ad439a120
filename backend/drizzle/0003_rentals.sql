CREATE TABLE "rentals" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_no" text NOT NULL,
	"city_code" text NOT NULL,
	"district_id" integer NOT NULL,
	"business_area_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"title" text NOT NULL,
	"area" double precision NOT NULL,
	"rooms" smallint NOT NULL,
	"halls" smallint NOT NULL,
	"baths" smallint NOT NULL,
	"orientation" text NOT NULL,
	"floor_level" text NOT NULL,
	"floor" smallint NOT NULL,
	"total_floors" smallint NOT NULL,
	"decoration" text NOT NULL,
	"elevator" boolean NOT NULL,
	"tags" text[] NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"cover_url" text NOT NULL,
	"photos" jsonb NOT NULL,
	"description" text NOT NULL,
	"agent_id" integer NOT NULL,
	"station_id" integer,
	"line_id" integer,
	"station_distance" integer,
	"rent_type" smallint NOT NULL,
	"monthly_rent" integer NOT NULL,
	"payment" text NOT NULL,
	"deposit" integer NOT NULL,
	"check_in" text NOT NULL,
	"lease_term" text NOT NULL,
	"viewing" text NOT NULL,
	"utilities" text NOT NULL,
	"facilities" text[] NOT NULL
);
--> statement-breakpoint
DROP INDEX "esf_city_listed_idx";--> statement-breakpoint
DROP INDEX "esf_district_idx";--> statement-breakpoint
DROP INDEX "esf_business_area_idx";--> statement-breakpoint
DROP INDEX "esf_community_idx";--> statement-breakpoint
DROP INDEX "esf_line_idx";--> statement-breakpoint
DROP INDEX "esf_station_idx";--> statement-breakpoint
CREATE INDEX "rentals_city_listed_idx" ON "rentals" USING btree ("city_code","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rentals_city_area_idx" ON "rentals" USING btree ("city_code","area","id");--> statement-breakpoint
CREATE INDEX "rentals_district_idx" ON "rentals" USING btree ("district_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rentals_business_area_idx" ON "rentals" USING btree ("business_area_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rentals_community_idx" ON "rentals" USING btree ("community_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rentals_line_idx" ON "rentals" USING btree ("line_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rentals_station_idx" ON "rentals" USING btree ("station_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rentals_city_rent_idx" ON "rentals" USING btree ("city_code","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "rentals_city_type_idx" ON "rentals" USING btree ("city_code","rent_type","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "esf_city_listed_idx" ON "esf_listings" USING btree ("city_code","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "esf_district_idx" ON "esf_listings" USING btree ("district_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "esf_business_area_idx" ON "esf_listings" USING btree ("business_area_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "esf_community_idx" ON "esf_listings" USING btree ("community_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "esf_line_idx" ON "esf_listings" USING btree ("line_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "esf_station_idx" ON "esf_listings" USING btree ("station_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
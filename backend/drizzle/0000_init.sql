CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"city_code" text NOT NULL,
	"name" text NOT NULL,
	"photo_url" text NOT NULL,
	"mobile" text NOT NULL,
	"status" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"city_code" text NOT NULL,
	"business_area_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_code" text NOT NULL,
	"district_id" integer NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"initials" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"city_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"initials" text NOT NULL,
	"city_domain" text NOT NULL,
	"minor_city_code" text NOT NULL,
	"initial" text NOT NULL,
	"is_shop" smallint DEFAULT 1 NOT NULL,
	"is_office" smallint DEFAULT 1 NOT NULL,
	"is_esf" smallint DEFAULT 1 NOT NULL,
	"is_newhouse" smallint DEFAULT 1 NOT NULL,
	"is_rent" smallint DEFAULT 1 NOT NULL,
	"hot_rank" integer,
	"price_tier" smallint NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_code" text NOT NULL,
	"district_id" integer NOT NULL,
	"business_area_id" integer NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"initials" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"build_year" smallint NOT NULL,
	"building_type" text NOT NULL,
	"property_fee" double precision NOT NULL,
	"developer" text NOT NULL,
	"cover_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_code" text NOT NULL,
	"adcode" text NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"initials" text NOT NULL,
	"short_name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "friendly_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_ip" bigint NOT NULL,
	"end_ip" bigint NOT NULL,
	"city_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esf_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_no" text NOT NULL,
	"city_code" text NOT NULL,
	"district_id" integer NOT NULL,
	"business_area_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"title" text NOT NULL,
	"total_price" double precision NOT NULL,
	"unit_price" integer NOT NULL,
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
	"property_type" text NOT NULL,
	"ownership" text NOT NULL,
	"ladder_ratio" text NOT NULL,
	"heating" text NOT NULL,
	"description" text NOT NULL,
	"agent_id" integer NOT NULL,
	"station_id" integer,
	"line_id" integer,
	"station_distance" integer
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"platform" smallint DEFAULT 0 NOT NULL,
	"permi_name" text NOT NULL,
	"permi_code" text NOT NULL,
	"jump_page" text NOT NULL,
	"requires_flag" text,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subway_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_code" text NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"initials" text NOT NULL,
	"color" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subway_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_code" text NOT NULL,
	"line_id" integer NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"initials" text NOT NULL,
	"seq" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"sex" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_mobile_unique" UNIQUE("mobile")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agents_user_idx" ON "agents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agents_city_idx" ON "agents" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "business_areas_district_idx" ON "business_areas" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "business_areas_pinyin_idx" ON "business_areas" USING btree ("city_code","pinyin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "business_areas_initials_idx" ON "business_areas" USING btree ("city_code","initials" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cities_domain_idx" ON "cities" USING btree ("city_domain");--> statement-breakpoint
CREATE INDEX "communities_area_idx" ON "communities" USING btree ("business_area_id");--> statement-breakpoint
CREATE INDEX "communities_name_idx" ON "communities" USING btree ("city_code","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "communities_pinyin_idx" ON "communities" USING btree ("city_code","pinyin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "communities_initials_idx" ON "communities" USING btree ("city_code","initials" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "districts_city_idx" ON "districts" USING btree ("city_code","sort");--> statement-breakpoint
CREATE INDEX "districts_pinyin_idx" ON "districts" USING btree ("city_code","pinyin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "districts_initials_idx" ON "districts" USING btree ("city_code","initials" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ip_ranges_start_idx" ON "ip_ranges" USING btree ("start_ip");--> statement-breakpoint
CREATE INDEX "esf_city_listed_idx" ON "esf_listings" USING btree ("city_code","listed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "esf_city_total_idx" ON "esf_listings" USING btree ("city_code","total_price","id");--> statement-breakpoint
CREATE INDEX "esf_city_unit_idx" ON "esf_listings" USING btree ("city_code","unit_price","id");--> statement-breakpoint
CREATE INDEX "esf_city_area_idx" ON "esf_listings" USING btree ("city_code","area","id");--> statement-breakpoint
CREATE INDEX "esf_district_idx" ON "esf_listings" USING btree ("district_id","listed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_business_area_idx" ON "esf_listings" USING btree ("business_area_id","listed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_community_idx" ON "esf_listings" USING btree ("community_id","listed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_line_idx" ON "esf_listings" USING btree ("line_id","listed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_station_idx" ON "esf_listings" USING btree ("station_id","listed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subway_lines_city_idx" ON "subway_lines" USING btree ("city_code","sort");--> statement-breakpoint
CREATE INDEX "subway_lines_pinyin_idx" ON "subway_lines" USING btree ("city_code","pinyin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subway_lines_initials_idx" ON "subway_lines" USING btree ("city_code","initials" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subway_stations_line_idx" ON "subway_stations" USING btree ("line_id","seq");--> statement-breakpoint
CREATE INDEX "subway_stations_pinyin_idx" ON "subway_stations" USING btree ("city_code","pinyin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subway_stations_initials_idx" ON "subway_stations" USING btree ("city_code","initials" text_pattern_ops);
CREATE TABLE "new_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_code" text NOT NULL,
	"district_id" integer NOT NULL,
	"business_area_id" integer NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"initials" text NOT NULL,
	"alias" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"avg_price" integer,
	"total_price_min" double precision,
	"total_price_max" double precision,
	"sale_status" smallint NOT NULL,
	"property_type" smallint NOT NULL,
	"property_types" text[] NOT NULL,
	"decoration" text NOT NULL,
	"developer" text NOT NULL,
	"property_company" text NOT NULL,
	"opening_date" text NOT NULL,
	"delivery_date" text NOT NULL,
	"plot_ratio" double precision NOT NULL,
	"green_ratio" double precision NOT NULL,
	"households" integer NOT NULL,
	"parking_spaces" integer NOT NULL,
	"rights_years" smallint NOT NULL,
	"building_type" text NOT NULL,
	"tags" text[] NOT NULL,
	"cover_url" text NOT NULL,
	"photos" jsonb NOT NULL,
	"description" text NOT NULL,
	"agent_id" integer NOT NULL,
	"station_id" integer,
	"line_id" integer,
	"station_distance" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_no" text NOT NULL,
	"city_code" text NOT NULL,
	"district_id" integer NOT NULL,
	"business_area_id" integer NOT NULL,
	"deal" smallint NOT NULL,
	"title" text NOT NULL,
	"project_name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"area" double precision NOT NULL,
	"total_price" double precision,
	"unit_price" integer,
	"monthly_rent" integer,
	"daily_rent" double precision,
	"floor" smallint NOT NULL,
	"total_floors" smallint NOT NULL,
	"decoration" text NOT NULL,
	"tags" text[] NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"cover_url" text NOT NULL,
	"photos" jsonb NOT NULL,
	"description" text NOT NULL,
	"agent_id" integer NOT NULL,
	"station_id" integer,
	"line_id" integer,
	"station_distance" integer,
	"grade" smallint NOT NULL,
	"workstations" integer NOT NULL,
	"property_fee" double precision NOT NULL,
	"divisible" boolean NOT NULL,
	"property_company" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"rooms" smallint NOT NULL,
	"halls" smallint NOT NULL,
	"baths" smallint NOT NULL,
	"area" double precision NOT NULL,
	"orientation" text NOT NULL,
	"total_price" double precision,
	"sale_status" smallint NOT NULL,
	"plan_url" text NOT NULL,
	"tags" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_no" text NOT NULL,
	"city_code" text NOT NULL,
	"district_id" integer NOT NULL,
	"business_area_id" integer NOT NULL,
	"deal" smallint NOT NULL,
	"title" text NOT NULL,
	"project_name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"area" double precision NOT NULL,
	"total_price" double precision,
	"unit_price" integer,
	"monthly_rent" integer,
	"daily_rent" double precision,
	"floor" smallint NOT NULL,
	"total_floors" smallint NOT NULL,
	"decoration" text NOT NULL,
	"tags" text[] NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"cover_url" text NOT NULL,
	"photos" jsonb NOT NULL,
	"description" text NOT NULL,
	"agent_id" integer NOT NULL,
	"station_id" integer,
	"line_id" integer,
	"station_distance" integer,
	"shop_type" smallint NOT NULL,
	"frontage" double precision NOT NULL,
	"depth" double precision NOT NULL,
	"floor_height" double precision NOT NULL,
	"suitable_trades" text[] NOT NULL,
	"transfer_fee" double precision,
	"operating_status" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "property_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "building_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "households" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "plot_ratio" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "green_ratio" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "avg_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "price_trend" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "station_id" integer;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "line_id" integer;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "station_distance" integer;--> statement-breakpoint
CREATE INDEX "new_projects_city_updated_idx" ON "new_projects" USING btree ("city_code","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "new_projects_district_idx" ON "new_projects" USING btree ("district_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "new_projects_business_area_idx" ON "new_projects" USING btree ("business_area_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "new_projects_line_idx" ON "new_projects" USING btree ("line_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "new_projects_station_idx" ON "new_projects" USING btree ("station_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "new_projects_city_status_idx" ON "new_projects" USING btree ("city_code","sale_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "new_projects_city_price_idx" ON "new_projects" USING btree ("city_code","avg_price","id");--> statement-breakpoint
CREATE INDEX "new_projects_city_total_idx" ON "new_projects" USING btree ("city_code","total_price_min","id");--> statement-breakpoint
CREATE INDEX "new_projects_city_opening_idx" ON "new_projects" USING btree ("city_code","opening_date","id");--> statement-breakpoint
CREATE INDEX "new_projects_pinyin_idx" ON "new_projects" USING btree ("city_code","pinyin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "new_projects_initials_idx" ON "new_projects" USING btree ("city_code","initials" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "offices_city_listed_idx" ON "offices" USING btree ("city_code","deal","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offices_district_idx" ON "offices" USING btree ("district_id","deal","listed_at","id");--> statement-breakpoint
CREATE INDEX "offices_business_area_idx" ON "offices" USING btree ("business_area_id","deal","listed_at","id");--> statement-breakpoint
CREATE INDEX "offices_line_idx" ON "offices" USING btree ("line_id","deal","listed_at","id");--> statement-breakpoint
CREATE INDEX "offices_station_idx" ON "offices" USING btree ("station_id","deal","listed_at","id");--> statement-breakpoint
CREATE INDEX "offices_city_area_idx" ON "offices" USING btree ("city_code","deal","area","id");--> statement-breakpoint
CREATE INDEX "offices_city_total_idx" ON "offices" USING btree ("city_code","deal","total_price","id");--> statement-breakpoint
CREATE INDEX "offices_city_daily_idx" ON "offices" USING btree ("city_code","deal","daily_rent","id");--> statement-breakpoint
CREATE INDEX "offices_city_grade_idx" ON "offices" USING btree ("city_code","deal","grade","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "project_layouts_project_idx" ON "project_layouts" USING btree ("project_id","rooms","area");--> statement-breakpoint
CREATE INDEX "shops_city_listed_idx" ON "shops" USING btree ("city_code","deal","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shops_district_idx" ON "shops" USING btree ("district_id","deal","listed_at","id");--> statement-breakpoint
CREATE INDEX "shops_business_area_idx" ON "shops" USING btree ("business_area_id","deal","listed_at","id");--> statement-breakpoint
CREATE INDEX "shops_line_idx" ON "shops" USING btree ("line_id","deal","listed_at","id");--> statement-breakpoint
CREATE INDEX "shops_station_idx" ON "shops" USING btree ("station_id","deal","listed_at","id");--> statement-breakpoint
CREATE INDEX "shops_city_area_idx" ON "shops" USING btree ("city_code","deal","area","id");--> statement-breakpoint
CREATE INDEX "shops_city_total_idx" ON "shops" USING btree ("city_code","deal","total_price","id");--> statement-breakpoint
CREATE INDEX "shops_city_daily_idx" ON "shops" USING btree ("city_code","deal","daily_rent","id");--> statement-breakpoint
CREATE INDEX "shops_city_type_idx" ON "shops" USING btree ("city_code","deal","shop_type","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "communities_city_idx" ON "communities" USING btree ("city_code","id");--> statement-breakpoint
CREATE INDEX "communities_district_idx" ON "communities" USING btree ("district_id","id");--> statement-breakpoint
CREATE INDEX "communities_line_idx" ON "communities" USING btree ("line_id","id");--> statement-breakpoint
CREATE INDEX "communities_station_idx" ON "communities" USING btree ("station_id","id");--> statement-breakpoint
CREATE INDEX "communities_city_price_idx" ON "communities" USING btree ("city_code","avg_price","id");--> statement-breakpoint
CREATE INDEX "communities_city_year_idx" ON "communities" USING btree ("city_code","build_year","id");
CREATE TABLE "entrust_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"entrust_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"problems" jsonb NOT NULL,
	"listing_id" integer,
	"area" double precision NOT NULL,
	"price" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "avg_rent" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entrust_overrides" ADD CONSTRAINT "entrust_overrides_entrust_id_entrusts_id_fk" FOREIGN KEY ("entrust_id") REFERENCES "public"."entrusts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entrust_overrides_entrust_idx" ON "entrust_overrides" USING btree ("entrust_id","created_at");--> statement-breakpoint
-- custom: backfill communities.avg_rent on a database seeded before the column (a fresh seed writes it itself):
-- the median 元/㎡ a month of the whole flats (rent_type 1) let in the community, else in its business area,
-- else in its city; left 0 (no rent band) where none is let. Only rows still at 0 are written.
WITH per_sqm AS (
	SELECT "community_id", "business_area_id", "city_code", "monthly_rent"::double precision / "area" AS v
	FROM "rentals" WHERE "rent_type" = 1 AND "area" > 0
), by_community AS (
	SELECT "community_id" AS k, percentile_cont(0.5) WITHIN GROUP (ORDER BY v) AS m FROM per_sqm GROUP BY "community_id"
), by_area AS (
	SELECT "business_area_id" AS k, percentile_cont(0.5) WITHIN GROUP (ORDER BY v) AS m FROM per_sqm GROUP BY "business_area_id"
), by_city AS (
	SELECT "city_code" AS k, percentile_cont(0.5) WITHIN GROUP (ORDER BY v) AS m FROM per_sqm GROUP BY "city_code"
)
UPDATE "communities" c SET "avg_rent" = round(coalesce(
	(SELECT m FROM by_community WHERE k = c."id"),
	(SELECT m FROM by_area WHERE k = c."business_area_id"),
	(SELECT m FROM by_city WHERE k = c."city_code"),
	0)::numeric, 1)::double precision
WHERE c."avg_rent" = 0;

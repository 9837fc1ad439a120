-- Sitemaps (issue 23, backend/src/modules/sitemap/sources.ts): each city's rows in id order, read by keyset.
-- Hand-written beyond drizzle: INCLUDE (listed_at), so that a file's batch (id and lastmod) is an index-only scan and
-- never reads the wide rows (photos, description); drizzle's snapshot knows these indexes without the INCLUDE.
CREATE INDEX "esf_city_id_idx" ON "esf_listings" USING btree ("city_code","id") INCLUDE ("listed_at");--> statement-breakpoint
CREATE INDEX "offices_city_id_idx" ON "offices" USING btree ("city_code","deal","id") INCLUDE ("listed_at");--> statement-breakpoint
CREATE INDEX "rentals_city_id_idx" ON "rentals" USING btree ("city_code","id") INCLUDE ("listed_at");--> statement-breakpoint
CREATE INDEX "shops_city_id_idx" ON "shops" USING btree ("city_code","deal","id") INCLUDE ("listed_at");
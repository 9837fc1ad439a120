-- Sitemaps (issue 23, backend/src/modules/sitemap/sources.ts): each city's rows in id order, read by keyset.
CREATE INDEX "esf_city_id_idx" ON "esf_listings" USING btree ("city_code","id");--> statement-breakpoint
CREATE INDEX "offices_city_id_idx" ON "offices" USING btree ("city_code","deal","id");--> statement-breakpoint
CREATE INDEX "rentals_city_id_idx" ON "rentals" USING btree ("city_code","id");--> statement-breakpoint
CREATE INDEX "shops_city_id_idx" ON "shops" USING btree ("city_code","deal","id");
DROP INDEX "esf_city_listed_idx";--> statement-breakpoint
DROP INDEX "esf_district_idx";--> statement-breakpoint
DROP INDEX "esf_business_area_idx";--> statement-breakpoint
DROP INDEX "esf_community_idx";--> statement-breakpoint
DROP INDEX "esf_line_idx";--> statement-breakpoint
DROP INDEX "esf_station_idx";--> statement-breakpoint
CREATE INDEX "esf_city_listed_idx" ON "esf_listings" USING btree ("city_code","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_district_idx" ON "esf_listings" USING btree ("district_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_business_area_idx" ON "esf_listings" USING btree ("business_area_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_community_idx" ON "esf_listings" USING btree ("community_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_line_idx" ON "esf_listings" USING btree ("line_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "esf_station_idx" ON "esf_listings" USING btree ("station_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST);
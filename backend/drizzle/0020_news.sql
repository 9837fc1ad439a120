CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_code" text,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"cover_url" text NOT NULL,
	"tags" text[] NOT NULL,
	"mentions" jsonb NOT NULL,
	"status" smallint NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_city_code_cities_city_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("city_code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_city_idx" ON "articles" USING btree ("city_code","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
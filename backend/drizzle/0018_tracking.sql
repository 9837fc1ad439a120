CREATE TABLE "tracking_daily" (
	"day" text NOT NULL,
	"city_domain" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_tm" timestamp with time zone,
	"event_type" text NOT NULL,
	"page_path" text NOT NULL,
	"device_channel" smallint NOT NULL,
	"city_domain" text,
	"device_code" text,
	"user_id" integer,
	"promotion" text,
	"promo_code" text,
	"agent_id" integer,
	"business_id" integer,
	"business_type" smallint,
	"business_type_two" smallint,
	"button_title" text,
	"type" text,
	"page_long_param1" integer
) PARTITION BY RANGE ("received_at");
-- Hand-written: "PARTITION BY RANGE" above (drizzle cannot declare a partitioned table; schema.ts trackingEvents).
-- The day partitions are made by the backend (modules/stats/partitions.ts), one a day, and dropped after the
-- retention; same SQL on PGlite and PostgreSQL.
--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_daily_pk" ON "tracking_daily" USING btree ("day","kind","city_domain","key");
CREATE TABLE "cache_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tags" text[] NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Not generated. The feed of this database starts at the time it was created, in milliseconds, with a row that
-- names no tag: a reader holding a position in another database's feed (the database was re-seeded) then finds
-- it below this feed's first row or above its last one, and is told to start again (modules/cache/changes.ts).
INSERT INTO "cache_changes" ("seq", "tags") VALUES ((extract(epoch from clock_timestamp()) * 1000)::bigint, '{}');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('cache_changes', 'seq'), (SELECT max("seq") FROM "cache_changes"));

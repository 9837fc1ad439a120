CREATE TABLE "upload_shares" (
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"agent_user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_shares_pk" ON "upload_shares" USING btree ("key","user_id","agent_user_id");--> statement-breakpoint
-- custom: private objects. Uploads made before this migration keep their keys (`ub/<dir>/u<id>/…`, served by
-- their row, not by the key's shape). Those a published entrust, a review or an avatar names are public from the
-- start, by the same rule as modules/uploads/publication.ts (PUBLIC_REFERRER); every other upload is private.
UPDATE "uploads" u SET "published_at" = now() WHERE
  EXISTS (SELECT 1 FROM "entrusts" e WHERE e."user_id" = u."user_id" AND e."status" = 2
          AND e."photos" @> jsonb_build_array(jsonb_build_object('key', u."key")))
  OR EXISTS (SELECT 1 FROM "project_reviews" r, jsonb_array_elements(r."photos") p WHERE r."user_id" = u."user_id"
          AND right(p->>'url', length(u."key") + 1) = '/' || u."key")
  OR EXISTS (SELECT 1 FROM "users" s WHERE s."id" = u."user_id" AND right(s."avatar_url", length(u."key") + 1) = '/' || u."key");
--> statement-breakpoint
-- custom: the images already sent in chats stay readable by both ends of their conversation.
INSERT INTO "upload_shares" ("key", "user_id", "agent_user_id")
  SELECT DISTINCT k.value, c."user_id", c."agent_user_id"
  FROM "im_messages" m
  JOIN "im_conversations" c ON c."id" = m."conversation_id",
  jsonb_array_elements_text(CASE WHEN jsonb_typeof(m."content"->'msgList') = 'array' THEN m."content"->'msgList' ELSE '[]'::jsonb END) AS k(value)
  WHERE m."layout" = 121
  ON CONFLICT DO NOTHING;

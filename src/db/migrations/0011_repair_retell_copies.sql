-- Issue 21: repair what the Retell call_analyzed defect wrote. Its UPDATE regrouped its WHERE clause, so every record without a transcript (any customer's texts, chats, missed calls, anonymized records) received the analyzed call's transcript, and its summary where none was set. A copy therefore holds exactly the transcript of a Retell call. README "Upgrading" explains the rule.
-- 1. A record that retention anonymized holds no conversation: whatever is there now was written into it.
UPDATE "interactions" SET "transcript" = NULL, "summary" = NULL WHERE "anonymized_at" IS NOT NULL AND ("transcript" IS NOT NULL OR "summary" IS NOT NULL);--> statement-breakpoint
-- 2. For each transcript a Retell call holds, the original is the newest such Retell record (call_analyzed follows its own call_ended within minutes; the copies were records that already existed). Every other record with the same transcript is a copy: its transcript is cleared, and its summary too when it is the original's.
WITH "originals" AS (
  SELECT DISTINCT ON ("transcript") "id", "transcript", "summary"
  FROM "interactions"
  WHERE "source" = 'retell' AND "transcript" IS NOT NULL AND "anonymized_at" IS NULL
  ORDER BY "transcript", "created_at" DESC, "started_at" DESC, "id" DESC
), "copies" AS (
  SELECT "i"."id", ("i"."summary" IS NOT DISTINCT FROM "o"."summary") AS "same_summary"
  FROM "interactions" "i" JOIN "originals" "o" ON "i"."transcript" = "o"."transcript" AND "i"."id" <> "o"."id"
)
UPDATE "interactions" SET "transcript" = NULL, "summary" = CASE WHEN "copies"."same_summary" THEN NULL ELSE "interactions"."summary" END
FROM "copies" WHERE "interactions"."id" = "copies"."id";

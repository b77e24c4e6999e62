-- The call log's keyset order (issue 13): the index must be DESC NULLS FIRST, as ORDER BY started_at DESC, id DESC is, to give that order (bench:ingest: first page p99 5.1 s before).
DROP INDEX "interactions_user_started_idx";--> statement-breakpoint
CREATE INDEX "interactions_user_started_idx" ON "interactions" USING btree ("user_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
CREATE TABLE "job_keys" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Durable jobs move to pg-boss (docs/decisions/0013-jobs-on-pg-boss.md). A key the outbox used stays used.
INSERT INTO "job_keys" ("idempotency_key", "kind", "job_id", "created_at")
SELECT "idempotency_key", "kind", "id"::uuid, "created_at" FROM "outbox_jobs"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Unfinished outbox jobs are not carried over: refuse to drop them.
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM "outbox_jobs" WHERE "status" IN ('pending', 'running')) THEN
		RAISE EXCEPTION 'outbox_jobs still holds unfinished jobs: start the previous release until they are done, then upgrade (docs/decisions/0013-jobs-on-pg-boss.md)';
	END IF;
END $$;
--> statement-breakpoint
DROP TABLE "outbox_jobs" CASCADE;

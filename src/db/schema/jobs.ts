import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Every idempotency key a durable job was ever enqueued under (src/lib/jobs).
 * The row is inserted in the same transaction as the job, and the key is the
 * primary key, so a key enqueues at most one job, forever: pg-boss deletes
 * finished jobs after their retention period, this table keeps the key.
 */
export const jobKeys = pgTable("job_keys", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  kind: text("kind").notNull(),
  /** The pg-boss job id (derived from the key, see jobIdForKey). */
  jobId: uuid("job_id").notNull(),
  createdAt: createdAt(),
});

import "server-only";
import { sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb } from "@/lib/db";
import { interactions } from "@/db/schema";
import { config } from "@/lib/config";
import { defineJob, scheduleJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";

/** Rows anonymised per statement, so no transaction holds many locks for long. */
const CHUNK = 5000;

/**
 * Spec 9's legal text: conversation logs are anonymised after a year
 * (INTERACTION_RETENTION_DAYS, default 365). Removes the transcript, the
 * recording, the summary and both phone numbers of older records; the record,
 * its time, channel, outcome, duration and units stay (billing records are kept
 * 7 years). Returns how many were anonymised.
 */
export async function anonymiseOldInteractions(now = new Date()): Promise<number> {
  const db = await getDb();
  const before = new Date(now.getTime() - config().INTERACTION_RETENTION_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const done = await db
      .update(interactions)
      .set({ transcript: null, recordingUrl: null, summary: null, fromNumber: null, toNumber: null, anonymizedAt: now })
      .where(sql`${interactions.id} in (select id from interactions where anonymized_at is null and started_at < ${before} limit ${CHUNK})`)
      .returning({ id: interactions.id });
    total += done.length;
    if (done.length < CHUNK) break;
  }
  if (total) logger.info({ anonymised: total, before: before.toISOString() }, "old conversation logs anonymised");
  return total;
}

export const retentionJob = defineJob({
  kind: "interactions.retention",
  schema: z.object({}),
  handler: async () => {
    await anonymiseOldInteractions();
  },
});

/** Every day at 03:17 UTC. */
export async function scheduleRetention(): Promise<void> {
  await scheduleJob(retentionJob, "17 3 * * *", {});
}

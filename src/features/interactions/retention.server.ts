import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { interactions } from "@/db/schema";
import { config } from "@/lib/config";
import { defineScheduledJob, scheduleJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";

/** Rows anonymised per statement, so no transaction holds many locks for long. */
const CHUNK = 5000;

/**
 * What anonymising a record clears: the transcript, the recording, the
 * summary, the caller's name and both phone numbers. The record, its time, channel, outcome,
 * duration and units stay (billing records are kept 7 years).
 */
function anonymised(now: Date) {
  return { transcript: null, recordingUrl: null, summary: null, callerName: null, fromNumber: null, toNumber: null, anonymizedAt: now };
}

/** Anonymises every record of one business account, when it is deleted (issue 22), in the caller's transaction. Returns how many. */
export async function anonymiseAccountInteractions(tx: DbOrTx, accountId: string, now = new Date()): Promise<number> {
  const done = await tx
    .update(interactions)
    .set(anonymised(now))
    .where(and(eq(interactions.accountId, accountId), isNull(interactions.anonymizedAt)))
    .returning({ id: interactions.id });
  return done.length;
}

/**
 * Spec 9's legal text: conversation logs are anonymised after a year
 * (INTERACTION_RETENTION_DAYS, default 365): older records are anonymised
 * (see anonymised()). Returns how many were anonymised.
 */
export async function anonymiseOldInteractions(now = new Date()): Promise<number> {
  const db = await getDb();
  const before = new Date(now.getTime() - config().INTERACTION_RETENTION_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const done = await db
      .update(interactions)
      .set(anonymised(now))
      .where(sql`${interactions.id} in (select id from interactions where anonymized_at is null and started_at < ${before} limit ${CHUNK})`)
      .returning({ id: interactions.id });
    total += done.length;
    if (done.length < CHUNK) break;
  }
  if (total) logger.info({ anonymised: total, before: before.toISOString() }, "old conversation logs anonymised");
  return total;
}

export const retentionJob = defineScheduledJob("interactions.retention", anonymiseOldInteractions);

/** Every day at 03:17 UTC. */
export async function scheduleRetention(): Promise<void> {
  await scheduleJob(retentionJob, "17 3 * * *", {});
}

/** A checkout claimed the AI employee `orderId`: the calls it took before (its setup, its first test calls) become the account's (ADR 0143). */
export async function claimOrderCalls(tx: DbOrTx, orderId: string, accountId: string): Promise<void> {
  await tx
    .update(interactions)
    .set({ accountId })
    .where(and(eq(interactions.aiReadyOrderId, orderId), isNull(interactions.accountId)));
}

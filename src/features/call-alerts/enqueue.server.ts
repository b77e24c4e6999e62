import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { enqueueJob } from "@/lib/jobs";
import { interactions, notificationRules } from "@/db/schema";
import { CALLS_PER_JOB, callAlertJob } from "./call-alert-job.server";

/** How long a call without a summary waits for it before it is told without (issue 25). */
export const SUMMARY_WAIT_MS = 2 * 60 * 1000;

/** The accounts among `accountIds` with at least one enabled rule (one query). */
async function accountsWithRules(tx: DbOrTx, accountIds: string[]): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ accountId: notificationRules.accountId })
    .from(notificationRules)
    .where(and(inArray(notificationRules.accountId, accountIds), eq(notificationRules.enabled, true)));
  return new Set(rows.map((r) => r.accountId));
}

async function enqueueChunks(tx: DbOrTx, ids: string[], suffix: "now" | "timeout", startAfter?: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += CALLS_PER_JOB) {
    const chunk = ids.slice(i, i + CALLS_PER_JOB);
    // Each id is in one chunk only, and stored once: the first names the chunk.
    await enqueueJob(tx, callAlertJob, { interactionIds: chunk }, { idempotencyKey: `call-alert:${chunk[0]}:${suffix}`, ...(startAfter ? { startAfter } : {}) });
  }
}

/**
 * Called by ingestion inside its transaction for the records it inserted:
 * queues the notification job for the calls of accounts that have an enabled
 * rule. A call with its summary is told at once; one without waits up to
 * SUMMARY_WAIT_MS for it (enqueueCallAlertsForSummary tells it as soon as it
 * arrives; the later of the two finds it told and sends nothing).
 */
export async function enqueueCallAlerts(tx: DbOrTx, rows: ReadonlyArray<{ id: string; accountId: string | null; summary: string | null }>): Promise<void> {
  const withRules = await accountsWithRules(tx, [...new Set(rows.flatMap((r) => (r.accountId ? [r.accountId] : [])))]);
  const wanted = rows.filter((r) => r.accountId && withRules.has(r.accountId));
  if (wanted.length === 0) return;
  await enqueueChunks(
    tx,
    wanted.filter((r) => r.summary).map((r) => r.id),
    "now",
  );
  await enqueueChunks(
    tx,
    wanted.filter((r) => !r.summary).map((r) => r.id),
    "timeout",
    new Date(Date.now() + SUMMARY_WAIT_MS),
  );
}

/**
 * Called when a stored call gets its summary (Retell's call_analyzed), inside
 * that transaction: tells it now, with the summary. Sends nothing already sent.
 */
export async function enqueueCallAlertsForSummary(tx: DbOrTx, interactionId: string): Promise<void> {
  const [row] = await tx.select({ accountId: interactions.accountId }).from(interactions).where(eq(interactions.id, interactionId)).limit(1);
  if (!row?.accountId || !(await accountsWithRules(tx, [row.accountId])).has(row.accountId)) return;
  await enqueueJob(tx, callAlertJob, { interactionIds: [interactionId] }, { idempotencyKey: `call-alert:${interactionId}:summary` });
}

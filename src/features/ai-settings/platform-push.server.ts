import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { oneAtATime } from "@/lib/one-at-a-time";
import type { JobRun } from "@/lib/jobs";
import { aiEmployeeSettings, aiReadyOrders } from "@/db/schema";
import { PlatformPushError, type PlatformIds, type RememberIds } from "@/features/voice-platform/port";
import { voicePlatform } from "@/features/voice-platform/voice-platform.server";
import { buildAgentSpec } from "./agent-spec";
import { decryptBookingKey } from "./booking-key.server";
import { callerPlan } from "./caller-plan";
import { PUSH_RETRY_SECONDS } from "./platform-sync.server";
import { planContextOf } from "./preview.server";
import { publicDocument, versionRow } from "./settings.server";

const s = aiEmployeeSettings;

/**
 * One run of the push job: builds the agent from the current version through
 * the same caller plan as the preview (so the two cannot disagree) and hands
 * it to the voice platform. Success marks the row live with the version and
 * spend mode pushed, unless a newer version or mode arrived meanwhile (its own
 * push is queued). Failure keeps the saved version, records the platform's
 * reason and the next try, and throws for a retry when the platform may take
 * it later (a refusal it would repeat is not retried: "Retry now" is).
 */
export function pushSettings(aiReadyOrderId: string, run: Pick<JobRun, "attempt" | "maxAttempts">): Promise<void> {
  // One push per AI employee at a time (here, and across instances on PostgreSQL): two runs never interleave
  // their requests, so the platform ends with what the last run read, and a first push creates one LLM and one agent.
  return oneAtATime(`voice-push:${aiReadyOrderId}`, () => pushOnce(aiReadyOrderId, run));
}

async function pushOnce(aiReadyOrderId: string, run: Pick<JobRun, "attempt" | "maxAttempts">): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(s).where(eq(s.aiReadyOrderId, aiReadyOrderId)).limit(1);
  const [order] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, aiReadyOrderId)).limit(1);
  if (!row || !order) return; // deleted since
  const current = await versionRow(db, aiReadyOrderId, row.currentVersion);
  if (!current) throw new Error(`AI employee ${aiReadyOrderId}: version ${row.currentVersion} is missing`);
  const plan = callerPlan(publicDocument(current.document, row.bookingKeyLast4), await planContextOf(order, row));
  const spec = buildAgentSpec(plan, { aiEmployeeId: aiReadyOrderId, bookingKey: row.bookingKeyCiphertext ? decryptBookingKey(row.bookingKeyCiphertext) : null });
  const pushed = and(eq(s.aiReadyOrderId, aiReadyOrderId), eq(s.currentVersion, row.currentVersion), eq(s.spendMode, row.spendMode));
  try {
    const started: PlatformIds = { agentId: row.platformAgentId, llmId: row.platformLlmId };
    const ids = await voicePlatform().apply(spec, started, `${aiReadyOrderId}:v${row.currentVersion}:${row.spendMode}`, rememberIds(aiReadyOrderId, started));
    const live = await db
      .update(s)
      .set({
        syncState: "live",
        liveVersion: row.currentVersion,
        liveSpendMode: row.spendMode,
        liveSince: new Date(),
        syncError: null,
        nextRetryAt: null,
        platformAgentId: ids.agentId,
        platformLlmId: ids.llmId,
        updatedAt: new Date(),
      })
      .where(pushed)
      .returning({ id: s.aiReadyOrderId });
    if (live.length === 0) await db.update(s).set({ platformAgentId: ids.agentId, platformLlmId: ids.llmId }).where(eq(s.aiReadyOrderId, aiReadyOrderId));
    logger.info({ aiReadyOrderId, version: row.currentVersion, spendMode: row.spendMode, live: live.length === 1 }, "AI employee settings pushed to the voice platform");
  } catch (err) {
    const known = err instanceof PlatformPushError;
    const reason = known ? err.reason : "the voice platform could not be reached";
    const retry = (!known || err.retryable) && run.attempt < run.maxAttempts;
    await db
      .update(s)
      .set({ syncState: "failed", syncError: reason, nextRetryAt: retry ? new Date(Date.now() + PUSH_RETRY_SECONDS * 1000) : null, updatedAt: new Date() })
      .where(pushed);
    logger.warn({ aiReadyOrderId, version: row.currentVersion, reason, retry, err: known ? undefined : err }, "AI employee settings push failed");
    if (retry) throw err;
  }
}

/**
 * Keeps each id the platform creates the moment it answers, replacing the id
 * the run started with (null, or one deleted on the platform's side), so a
 * repeat run updates it instead of creating another. When another run stored
 * a different id first, the stored one wins (the adapter drops its own).
 */
function rememberIds(aiReadyOrderId: string, started: PlatformIds): RememberIds {
  return async (ids: PlatformIds) => {
    const db = await getDb();
    const replace = async (column: typeof s.platformLlmId | typeof s.platformAgentId, from: string | null, to: string | null) => {
      if (to === from) return;
      await db
        .update(s)
        .set(column === s.platformLlmId ? { platformLlmId: to } : { platformAgentId: to })
        .where(and(eq(s.aiReadyOrderId, aiReadyOrderId), from === null ? isNull(column) : eq(column, from)));
    };
    await replace(s.platformLlmId, started.llmId, ids.llmId);
    await replace(s.platformAgentId, started.agentId, ids.agentId);
    const [kept] = await db.select({ llmId: s.platformLlmId, agentId: s.platformAgentId }).from(s).where(eq(s.aiReadyOrderId, aiReadyOrderId));
    return kept ?? ids;
  };
}

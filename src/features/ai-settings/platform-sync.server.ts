import "server-only";
import { eq } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { aiEmployeeSettings } from "@/db/schema";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { voicePlatformName } from "@/features/voice-platform/voice-platform.server";
import type { SyncStatus } from "./settings-response";

/** How long a failed push waits before its next try ("Retrying in 5 min"). */
export const PUSH_RETRY_SECONDS = 5 * 60;

/**
 * Pushes an AI employee's CURRENT settings version and spend mode to the
 * voice platform (platform-push.server.ts). A run pushes whatever is current
 * when it runs, so a queue of pushes ends with the newest; a retryable
 * failure is retried every 5 minutes for a day, and the saved version is
 * never touched by a failure. The handler is loaded when a job runs, so that
 * the modules that queue pushes (saves, defaults, the spend limit) and the
 * one that builds them do not import each other.
 */
export const platformPushJob = defineJob({
  kind: "ai-settings.platform-push",
  schema: z.object({ aiReadyOrderId: z.string().min(1) }),
  maxAttempts: 288,
  retryDelaySeconds: PUSH_RETRY_SECONDS,
  retryDelayMaxSeconds: PUSH_RETRY_SECONDS,
  expireInSeconds: 2 * 60,
  handler: async ({ aiReadyOrderId }, run) => {
    const { pushSettings } = await import("./platform-push.server");
    await pushSettings(aiReadyOrderId, run);
  },
});

/**
 * Queues the push of the AI employee's current version and spend mode, in the
 * caller's transaction, under the idempotency key `voice-push:<id>:<reason>`
 * ("version:7", "spend:messages_only:…", "retry:…"). The settings page shows
 * "Updating…" until a push lands.
 */
export async function enqueueSettingsPush(tx: DbOrTx, aiReadyOrderId: string, reason: string): Promise<void> {
  const s = aiEmployeeSettings;
  const marked = await tx.update(s).set({ syncState: "updating", updatedAt: new Date() }).where(eq(s.aiReadyOrderId, aiReadyOrderId)).returning({ id: s.aiReadyOrderId });
  if (marked.length !== 1) throw new Error(`enqueueSettingsPush: AI employee ${aiReadyOrderId} has no settings`);
  await enqueueJob(tx, platformPushJob, { aiReadyOrderId }, { idempotencyKey: `voice-push:${aiReadyOrderId}:${reason}` });
}

/** "Retry now": a push of the current version that runs at once, beside any retry already waiting. */
export async function retrySettingsPush(aiReadyOrderId: string): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => enqueueSettingsPush(tx, aiReadyOrderId, `retry:${Date.now()}`));
}

/** The sync line of the settings page, from the settings row. */
export function syncStatusOf(row: typeof aiEmployeeSettings.$inferSelect): SyncStatus {
  return {
    state: row.syncState,
    liveVersion: row.liveVersion,
    liveSince: row.liveSince?.toISOString() ?? null,
    error: row.syncError,
    nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
    platform: voicePlatformName(),
  };
}

import "server-only";
import { getDb } from "@/lib/db";
import { config } from "@/lib/config";
import type { aiEmployeeSettings } from "@/db/schema";
import { enqueueSettingsPush } from "./platform-sync.server";
import type { SyncStatus } from "./settings-response";

/**
 * TEMPORARY (helper C's stand-ins until helper B's platform-sync.server.ts
 * exports them; then import those and delete this file).
 */

/** The sync line of the settings page, from the settings row. */
export function syncStatusOf(row: typeof aiEmployeeSettings.$inferSelect): SyncStatus {
  return {
    state: row.syncState,
    liveVersion: row.liveVersion,
    liveSince: row.liveSince?.toISOString() ?? null,
    error: row.syncError,
    nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
    platform: config().RETELL_API_KEY ? "retell" : "local",
  };
}

/** "Retry now": pushes the current version at once. */
export async function retrySettingsPush(aiReadyOrderId: string): Promise<void> {
  await enqueueSettingsPush(await getDb(), aiReadyOrderId, `retry:${Date.now()}`);
}

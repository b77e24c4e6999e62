import "server-only";
import type { DbOrTx } from "@/lib/db";

/**
 * CONTRACT (helper "voice platform" builds it): queues the push of the AI
 * employee's current settings version and spend mode to the voice platform,
 * inside the caller's transaction (a durable job with an idempotency key;
 * `reason` tells pushes apart, e.g. "version:7" or "spend:messages_only:2026-11-01").
 * Sets the sync state to "updating".
 */
export async function enqueueSettingsPush(tx: DbOrTx, aiReadyOrderId: string, reason: string): Promise<void> {
  void tx;
  void aiReadyOrderId;
  void reason;
}

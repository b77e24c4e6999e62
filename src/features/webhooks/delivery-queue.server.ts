import "server-only";
import type { DbOrTx } from "@/lib/db";
import { webhookDeliveries } from "@/db/schema";
import { attemptJobKey, enqueueDeliveryJobs, type AttemptTrigger } from "./delivery-job.server";
import { newDeliveryId } from "./ids";

export type NewDelivery = { eventId: string; endpointId: string; accountId: string };

/** Rows per insert statement. */
const CHUNK = 500;

/**
 * One delivery row per (event, endpoint) and the job of its first attempt,
 * inside `tx`. A pair that has a delivery already gets nothing new. Returns
 * the ids of the deliveries made now.
 */
export async function createDeliveries(tx: DbOrTx, items: NewDelivery[], opts: { now: Date; trigger: Extract<AttemptTrigger, "retry" | "test"> }): Promise<string[]> {
  const created: string[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    const rows = items.slice(i, i + CHUNK).map((d) => ({ id: newDeliveryId(opts.now), ...d, status: "pending" as const, attempts: 0, nextAttemptAt: opts.now, createdAt: opts.now }));
    const inserted = await tx
      .insert(webhookDeliveries)
      .values(rows)
      .onConflictDoNothing({ target: [webhookDeliveries.eventId, webhookDeliveries.endpointId] })
      .returning({ id: webhookDeliveries.id });
    await enqueueDeliveryJobs(
      tx,
      inserted.map(({ id }) => ({ payload: { deliveryId: id, trigger: opts.trigger, attempt: 1 }, key: attemptJobKey(id, 1) })),
    );
    created.push(...inserted.map(({ id }) => id));
  }
  return created;
}

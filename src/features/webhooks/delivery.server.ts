import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { config } from "@/lib/config";
import { conflict, notFound } from "@/lib/http/errors";
import type { DeliveryView } from "./endpoint.schema";
import type { WebhookEventType } from "./event-types";
import { enqueueDeliveryJob } from "./delivery-job.server";
import { createDeliveries } from "./delivery-queue.server";
import { loadDeliveryViews } from "./delivery-view.server";
import { ownedEndpoint } from "./endpoints.server";
import { newEventId } from "./ids";
import { buildEventPayload } from "./payload";
import { sampleEventData } from "./samples";

export const DELIVERY_NOT_FOUND = "Delivery not found";
const OFF = "The webhook endpoint is turned off: switch it on first";

/**
 * POST /api/webhook-deliveries/{id}/resend: sends the event again now, with
 * the same webhook-id, as a job of its own (attempt trigger "resend"). The
 * delivery is reached through its endpoint's account (else 404 "Delivery not
 * found"); a failed or succeeded delivery becomes pending again until the
 * attempt is made. A turned-off endpoint answers 409.
 */
export async function resendDelivery(accountId: string, deliveryId: string): Promise<DeliveryView> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: webhookDeliveries.id, enabled: webhookEndpoints.enabled })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.accountId, accountId)))
      .limit(1);
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    if (!row.enabled) throw conflict(OFF);
    const now = new Date();
    const reopened = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: now, completedAt: null })
      .where(eq(webhookDeliveries.id, row.id))
      .returning({ id: webhookDeliveries.id });
    if (reopened.length !== 1) throw new Error(`delivery ${row.id} could not be reopened`);
    await enqueueDeliveryJob(tx, { deliveryId: row.id, trigger: "resend" }, { key: `webhook-delivery:${row.id}:resend:${randomUUID()}` });
    return (await loadDeliveryViews([row.id], tx))[0]!;
  });
}

/**
 * POST /api/webhook-endpoints/{id}/test: an event of `type` whose data is the
 * documented sample (ids "sample_…", links to this server), stored with its
 * own dedupe key `test:<uuid>` and delivered to this endpoint only (attempt
 * trigger "test"), whether or not it subscribes to the type. 404 "Webhook
 * endpoint not found" for another account's endpoint; 409 when it is off.
 */
export async function sendTestEvent(accountId: string, endpointId: string, type: WebhookEventType): Promise<DeliveryView> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const endpoint = await ownedEndpoint(accountId, endpointId, tx);
    if (!endpoint.enabled) throw conflict(OFF);
    const now = new Date();
    const built = buildEventPayload(type, sampleEventData(config().baseUrl)[type], now);
    if (!built.ok) throw new Error(built.error);
    const eventId = newEventId(now);
    await tx.insert(webhookEvents).values({ id: eventId, accountId, type, payload: built.envelope, dedupeKey: `test:${randomUUID()}`, createdAt: now });
    const [deliveryId] = await createDeliveries(tx, [{ eventId, endpointId: endpoint.id, accountId }], { now, trigger: "test" });
    return (await loadDeliveryViews([deliveryId!], tx))[0]!;
  });
}

import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { logger as rootLogger } from "@/lib/logger";
import { processedWebhookEvents, subscriptions } from "@/db/schema";
import { getProvider } from "./provider";
import { ProviderError, type ProviderEvent } from "./provider/port";
import { syncCustomerSubscriptions } from "./sync.server";

/** Event types that trigger a re-read of the customer's subscriptions and invoices. */
export const HANDLED_EVENT_TYPES = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
  "invoice.finalized",
  "invoice.payment_succeeded",
  "invoice.upcoming",
  "setup_intent.succeeded",
]);

export type WebhookResult = { status: number; body: Record<string, unknown> };

/**
 * Verifies the signature over the raw body, records the event id once (a
 * duplicate answers 200 with no effect), and treats the event only as a
 * trigger: the customer's state is re-read from the provider and upserted, so
 * repeated and out-of-order deliveries converge. Unknown types answer 200;
 * a failure answers 500 (and forgets the event id) so the provider retries.
 */
export async function handleWebhook(rawBody: string, signature: string | null, log = rootLogger): Promise<WebhookResult> {
  const provider = await getProvider();
  let event: ProviderEvent;
  try {
    event = await provider.constructWebhookEvent(rawBody, signature);
  } catch (err) {
    const message = err instanceof ProviderError ? err.message : "Invalid webhook";
    log.warn({ err: message }, "webhook rejected");
    return { status: 400, body: { message: `Webhook signature verification failed: ${message}` } };
  }
  const db = await getDb();
  const inserted = await db
    .insert(processedWebhookEvents)
    .values({ eventId: event.id, type: event.type, providerCreatedAt: event.createdAt })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.eventId });
  if (inserted.length === 0) return { status: 200, body: { received: true, duplicate: true } };

  if (!HANDLED_EVENT_TYPES.has(event.type)) return { status: 200, body: { received: true, ignored: true } };
  try {
    let customerId = event.customerId;
    if (!customerId && event.subscriptionId) {
      const [row] = await db
        .select({ c: subscriptions.providerCustomerId })
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, event.subscriptionId));
      customerId = row?.c ?? null;
      if (!customerId) customerId = (await provider.retrieveSubscription(event.subscriptionId))?.customerId ?? null;
    }
    const result = customerId ? await syncCustomerSubscriptions(customerId) : { found: false, subscriptions: 0, invoices: 0 };
    log.info({ eventId: event.id, type: event.type, customerId, ...result }, "webhook processed");
    return { status: 200, body: { received: true } };
  } catch (err) {
    log.error({ err, eventId: event.id, type: event.type }, "webhook processing failed");
    await db.delete(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id));
    return { status: 500, body: { message: "Webhook processing failed; it will be retried." } };
  }
}

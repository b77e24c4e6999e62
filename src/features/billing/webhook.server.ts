import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { logger as rootLogger } from "@/lib/logger";
import { z } from "@/lib/zod";
import { processedWebhookEvents, subscriptions } from "@/db/schema";
import { getProvider } from "./provider";
import { ProviderError, type ProviderEvent } from "./provider/port";
import { setupCardDefaultKey } from "./provider/idempotency";
import { syncCustomerSubscriptions } from "./sync.server";
import { afterWebhookSync } from "./trial-emails.server";

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
  "invoice.updated",
  "invoice.voided",
  "invoice.marked_uncollectible",
  "setup_intent.succeeded",
]);

/** Runs of one webhook's sync: backoff from 1 s capped at 10 minutes, about two hours in all, then /admin/jobs. */
const BILLING_SYNC_MAX_ATTEMPTS = 20;

/** The customer a subscription belongs to: from the mirror, else from the provider. */
async function customerOfSubscription(subscriptionId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ c: subscriptions.providerCustomerId }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  if (row?.c) return row.c;
  return (await (await getProvider()).retrieveSubscription(subscriptionId))?.customerId ?? null;
}

/**
 * The durable sync of one webhook event (registered by the server in
 * instrumentation.ts): for setup_intent.succeeded first makes its card the
 * default (makeSetupCardDefault); then resolves the customer (through the
 * subscription when the event names none) and runs the convergent,
 * per-customer serialised syncCustomerSubscriptions. A failure is retried by
 * the job queue.
 */
export const billingSyncJob = defineJob({
  kind: "billing.sync",
  schema: z
    .object({
      eventId: z.string().min(1),
      customerId: z.string().min(1).nullable(),
      subscriptionId: z.string().min(1).nullable(),
      // Jobs queued before this field existed parse as null.
      setupIntentId: z.string().min(1).nullable().default(null),
      // invoice.payment_failed: the invoice whose payment failed (the provider's state alone does not say it). Older jobs parse as null.
      failedInvoiceId: z.string().min(1).nullable().default(null),
    })
    .refine((p) => p.customerId !== null || p.subscriptionId !== null, { message: "customerId or subscriptionId is required" }),
  maxAttempts: BILLING_SYNC_MAX_ATTEMPTS,
  handler: async ({ eventId, customerId, subscriptionId, setupIntentId, failedInvoiceId }) => {
    if (setupIntentId) await (await getProvider()).makeSetupCardDefault(setupIntentId, setupCardDefaultKey(setupIntentId));
    const customer = customerId ?? (subscriptionId ? await customerOfSubscription(subscriptionId) : null);
    if (!customer) {
      rootLogger.warn({ eventId, subscriptionId }, "webhook sync: no customer for the event's subscription; nothing to sync");
      return;
    }
    const result = await syncCustomerSubscriptions(customer, { failedInvoiceId });
    rootLogger.info({ eventId, customerId: customer, ...result }, "webhook synced");
    // customer.subscription.trial_will_end: the "trial ends in 3 days" e-mail, once (issue 23).
    await afterWebhookSync(eventId, subscriptionId);
  },
});

export type WebhookResult = { status: number; body: Record<string, unknown> };

/**
 * Verifies the signature over the raw body, then in one transaction records
 * the event id once (a duplicate answers 200 with no effect) and, for a
 * handled type, enqueues billingSyncJob (idempotency key from the event id),
 * and answers 200 at once. The event is only a trigger: the job re-reads the
 * customer's state from the provider and upserts it, so repeated and
 * out-of-order deliveries converge. Unknown types answer 200; a failing sync
 * is retried by the job queue, not by the provider. Only when the event
 * cannot be recorded and queued does it answer 500 (nothing is kept), so the
 * provider delivers it again.
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
  try {
    const outcome = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(processedWebhookEvents)
        .values({ eventId: event.id, type: event.type, providerCreatedAt: event.createdAt })
        .onConflictDoNothing()
        .returning({ id: processedWebhookEvents.eventId });
      if (inserted.length === 0) return "duplicate" as const;
      if (!HANDLED_EVENT_TYPES.has(event.type)) return "ignored" as const;
      if (!event.customerId && !event.subscriptionId) return "no customer" as const;
      await enqueueJob(
        tx,
        billingSyncJob,
        {
          eventId: event.id,
          customerId: event.customerId,
          subscriptionId: event.subscriptionId,
          setupIntentId: event.type === "setup_intent.succeeded" ? event.objectId : null,
          failedInvoiceId: event.type === "invoice.payment_failed" ? event.objectId : null,
        },
        { idempotencyKey: `billing-sync-${event.id}` },
      );
      return "queued" as const;
    });
    if (outcome === "duplicate") return { status: 200, body: { received: true, duplicate: true } };
    if (outcome === "ignored") return { status: 200, body: { received: true, ignored: true } };
    log.info({ eventId: event.id, type: event.type, customerId: event.customerId, subscriptionId: event.subscriptionId, outcome }, "webhook received");
    return { status: 200, body: { received: true } };
  } catch (err) {
    log.error({ err, eventId: event.id, type: event.type }, "webhook could not be recorded");
    return { status: 500, body: { message: "Webhook could not be recorded; it will be retried." } };
  }
}

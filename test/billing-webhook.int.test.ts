import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { notifications, processedWebhookEvents, subscriptions } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import { ensureCustomer } from "@/features/billing/customers.server";
import { SandboxProvider, sandboxWebhookSecret } from "@/features/billing/sandbox/sandbox-provider.server";
import { POST as webhook } from "@app/api/stripe/webhook/route";
import { BASE, createUser } from "./http-helpers";

const sandbox = new SandboxProvider();

function event(id: string, type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)): string {
  return JSON.stringify({ id, object: "event", type, created, api_version: Stripe.API_VERSION, data: { object } });
}

async function deliver(payload: string, signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() })) {
  // Cross-site like a real provider delivery: the route must still accept it.
  const req = new Request(`${BASE}/api/stripe/webhook`, {
    method: "POST",
    headers: { "stripe-signature": signature, "content-type": "application/json", origin: "https://hooks.stripe.com" },
    body: payload,
  });
  return webhook(req);
}

async function mirror(providerSubscriptionId: string) {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row;
}

describe("POST /api/stripe/webhook", () => {
  let customerId: string;

  beforeAll(async () => {
    setProviderForTests(undefined);
    const u = await createUser();
    customerId = await ensureCustomer({ id: u.id, email: u.email });
  });
  afterEach(() => setProviderForTests(undefined));

  it("rejects a bad or missing signature with 400 and records nothing", async () => {
    const payload = event("evt_bad_sig", "customer.subscription.created", { id: "sub_x", object: "subscription", customer: customerId });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_the_secret" });
    expect((await deliver(payload, forged)).status).toBe(400);
    expect((await deliver(payload, "")).status).toBe(400);
    // A body changed after signing fails too.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() });
    expect((await deliver(payload.replace("sub_x", "sub_y"), signed)).status).toBe(400);
    const db = await getDb();
    expect(await db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, "evt_bad_sig"))).toEqual([]);
  });

  it("processes an event once: the same delivery twice has one effect", async () => {
    const sub = await sandbox.createTrialSubscription(
      { customerId, planId: "large", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} },
      "wh-once",
    );
    expect(await mirror(sub.id)).toBeUndefined();
    const payload = event("evt_once", "customer.subscription.created", { id: sub.id, object: "subscription", customer: customerId, status: "trialing" });
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect((await mirror(sub.id))?.status).toBe("trialing");

    const db = await getDb();
    const notesAfterFirst = await db.select().from(notifications).where(eq(notifications.dedupeKey, `trial_started:${sub.id}`));
    expect(notesAfterFirst).toHaveLength(1);
    const syncedAt = (await mirror(sub.id))!.providerSyncedAt;

    const second = await deliver(payload);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    expect((await mirror(sub.id))!.providerSyncedAt).toEqual(syncedAt);
    expect(await db.select().from(notifications).where(eq(notifications.dedupeKey, `trial_started:${sub.id}`))).toHaveLength(1);
    expect(await db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, "evt_once"))).toHaveLength(1);
  });

  it("converges when 'updated' arrives before 'created': the mirror follows the provider, not the event body", async () => {
    const sub = await sandbox.createTrialSubscription(
      { customerId, planId: "corp", billing: "annual", paymentMethodId: null, trialDays: 14, metadata: {} },
      "wh-order",
    );
    const t0 = Math.floor(Date.now() / 1000);
    const created = event("evt_created", "customer.subscription.created", { id: sub.id, object: "subscription", customer: customerId, cancel_at_period_end: false }, t0);
    await sandbox.cancelAtPeriodEnd(sub.id, "wh-order-cancel");
    const updated = event("evt_updated", "customer.subscription.updated", { id: sub.id, object: "subscription", customer: customerId, cancel_at_period_end: true }, t0 + 5);

    expect((await deliver(updated)).status).toBe(200);
    const afterUpdated = await mirror(sub.id);
    expect(afterUpdated).toMatchObject({ status: "trialing", planId: "corp", billing: "annual", cancelAtPeriodEnd: true, providerCancelAtPeriodEnd: true });

    expect((await deliver(created)).status).toBe(200);
    const afterCreated = await mirror(sub.id);
    expect(afterCreated).toMatchObject({ status: "trialing", cancelAtPeriodEnd: true, providerCancelAtPeriodEnd: true });
    expect(afterCreated!.id).toBe(afterUpdated!.id);
    const db = await getDb();
    expect(await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id))).toHaveLength(1);
  });

  it("finds the customer through the subscription on invoice events", async () => {
    const sub = await sandbox.createTrialSubscription(
      { customerId, planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} },
      "wh-invoice",
    );
    const payload = event("evt_invoice", "invoice.paid", {
      id: "in_123",
      object: "invoice",
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
    });
    expect((await deliver(payload)).status).toBe(200);
    expect((await mirror(sub.id))?.planId).toBe("small");
  });

  it("answers 200 to unknown event types without doing anything", async () => {
    const res = await deliver(event("evt_unknown", "charge.dispute.funds_withdrawn", { id: "dp_1", object: "dispute" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: true });
  });

  it("answers 500 when processing fails and lets the retry process the event", async () => {
    const sub = await sandbox.createTrialSubscription(
      { customerId, planId: "medium", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} },
      "wh-fail",
    );
    const broken = new SandboxProvider();
    broken.listSubscriptions = async () => {
      throw new Error("provider unreachable");
    };
    setProviderForTests(broken);
    const payload = event("evt_retry", "customer.subscription.updated", { id: sub.id, object: "subscription", customer: customerId });
    const failed = await deliver(payload);
    expect(failed.status).toBe(500);
    expect(await mirror(sub.id)).toBeUndefined();

    setProviderForTests(undefined);
    const retried = await deliver(payload);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true });
    expect((await mirror(sub.id))?.planId).toBe("medium");
  });
});

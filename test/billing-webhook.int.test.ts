import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { jobStatus, startJobs } from "@/lib/jobs";
import { drainJobs, makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import { invoices, notifications, processedWebhookEvents, subscriptions } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import type { ProviderInvoice, ProviderInvoiceStatus } from "@/features/billing/provider/port";
import { ensureCustomer } from "@/features/billing/customers.server";
import { SandboxProvider, sandboxWebhookSecret } from "@/features/billing/sandbox/sandbox-provider.server";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { POST as webhook } from "@app/api/stripe/webhook/route";
import { BASE, createUser } from "./http-helpers";
import { stripeEventPayload } from "./stripe-fake-webhooks";

const sandbox = new SandboxProvider();

function event(id: string, type: string, object: Record<string, unknown>, created?: number): string {
  return stripeEventPayload(type, object, { id, created });
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

async function mirroredInvoice(providerInvoiceId: string) {
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, providerInvoiceId));
  return row;
}

/** The idempotency key of an event's sync job. */
const syncKey = (eventId: string) => `billing-sync-${eventId}`;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise<null>((r) => setTimeout(() => r(null), ms));

describe("POST /api/stripe/webhook", () => {
  let customerId: string;

  beforeAll(async () => {
    setProviderForTests(undefined);
    // The queue without workers: each test runs the webhook's sync jobs itself (drainJobs).
    await startJobs({ jobs: [billingSyncJob], workers: false });
    const u = await createUser();
    customerId = await ensureCustomer({ accountId: u.id, accountName: "Test", email: u.email });
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
    // A trial with a card: only such a trial is announced to the admins (issue 23).
    const si = await sandbox.createSetupIntent(customerId, "wh-once-card");
    const card = await sandbox.confirmSetupIntent(si.clientSecret, { number: "4242424242424242", expMonth: 12, expYear: 2045, cvc: "123", name: "Test" });
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "large", billing: "monthly", paymentMethodId: card.paymentMethodId, trialDays: 14, metadata: {} }, "wh-once");
    expect(await mirror(sub.id)).toBeUndefined();
    const payload = event("evt_once", "customer.subscription.created", { id: sub.id, object: "subscription", customer: customerId, status: "trialing" });
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    await drainJobs();
    expect((await mirror(sub.id))?.status).toBe("trialing");

    const db = await getDb();
    const notesAfterFirst = await db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `trial_started:${sub.id}`));
    expect(notesAfterFirst).toHaveLength(1);
    const syncedAt = (await mirror(sub.id))!.providerSyncedAt;

    const second = await deliver(payload);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    // The duplicate queued nothing: no job is due.
    expect(await runDueJobs()).toBe(0);
    expect(await jobStatus(billingSyncJob, syncKey("evt_once"))).toBe("completed");
    expect((await mirror(sub.id))!.providerSyncedAt).toEqual(syncedAt);
    expect(
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `trial_started:${sub.id}`)),
    ).toHaveLength(1);
    expect(await db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, "evt_once"))).toHaveLength(1);
  });

  it("converges when 'updated' arrives before 'created': the mirror follows the provider, not the event body", async () => {
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "corp", billing: "annual", paymentMethodId: null, trialDays: 14, metadata: {} }, "wh-order");
    const t0 = Math.floor(Date.now() / 1000);
    const created = event("evt_created", "customer.subscription.created", { id: sub.id, object: "subscription", customer: customerId, cancel_at_period_end: false }, t0);
    await sandbox.cancelAtPeriodEnd(sub.id, "wh-order-cancel");
    const updated = event("evt_updated", "customer.subscription.updated", { id: sub.id, object: "subscription", customer: customerId, cancel_at_period_end: true }, t0 + 5);

    expect((await deliver(updated)).status).toBe(200);
    await drainJobs();
    const afterUpdated = await mirror(sub.id);
    expect(afterUpdated).toMatchObject({ status: "trialing", planId: "corp", billing: "annual", cancelAtPeriodEnd: true, providerCancelAtPeriodEnd: true });

    expect((await deliver(created)).status).toBe(200);
    await drainJobs();
    const afterCreated = await mirror(sub.id);
    expect(afterCreated).toMatchObject({ status: "trialing", cancelAtPeriodEnd: true, providerCancelAtPeriodEnd: true });
    expect(afterCreated!.id).toBe(afterUpdated!.id);
    const db = await getDb();
    expect(await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id))).toHaveLength(1);
    // A trial without a card is not announced as "Free trial started" (issue 23).
    expect(
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `trial_started:${sub.id}`)),
    ).toEqual([]);
  });

  it("finds the customer through the subscription on invoice events", async () => {
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, "wh-invoice");
    const payload = event("evt_invoice", "invoice.paid", {
      id: "in_123",
      object: "invoice",
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
    });
    expect((await deliver(payload)).status).toBe(200);
    await drainJobs();
    expect((await mirror(sub.id))?.planId).toBe("small");
  });

  it("answers 200 to unknown event types without doing anything", async () => {
    const res = await deliver(event("evt_unknown", "charge.dispute.funds_withdrawn", { id: "dp_1", object: "dispute" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: true });
    expect(await runDueJobs()).toBe(0);
  });

  it("answers 200 before the sync runs: the provider's reads happen in the job, not in the request", async () => {
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "small", billing: "annual", paymentMethodId: null, trialDays: 14, metadata: {} }, "wh-ack");
    const gate = deferred();
    let reads = 0;
    const slow = new SandboxProvider();
    slow.listSubscriptions = async (c) => {
      reads++;
      await gate.promise; // the provider hangs until the test lets it answer
      return sandbox.listSubscriptions(c);
    };
    setProviderForTests(slow);
    try {
      const payload = event("evt_ack", "customer.subscription.created", { id: sub.id, object: "subscription", customer: customerId });
      const started = Date.now();
      const res = await Promise.race([deliver(payload), sleep(3000)]);
      expect(res, "the webhook waited for the provider's reads").not.toBeNull();
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res!.status).toBe(200);
      expect(await res!.json()).toEqual({ received: true });
      expect(reads).toBe(0);
      expect(await mirror(sub.id)).toBeUndefined();
      expect(await jobStatus(billingSyncJob, syncKey("evt_ack"))).toBe("queued");

      gate.resolve();
      await drainJobs();
      expect(reads).toBe(1);
      expect(await mirror(sub.id)).toMatchObject({ status: "trialing", planId: "small", billing: "annual" });
      expect(await jobStatus(billingSyncJob, syncKey("evt_ack"))).toBe("completed");
    } finally {
      gate.resolve();
    }
  });

  it("invoice.voided, invoice.marked_uncollectible and invoice.updated update the mirrored invoice", async () => {
    const statuses = new Map<string, ProviderInvoiceStatus>([
      ["in_wh_void", "open"],
      ["in_wh_uncollectible", "open"],
      ["in_wh_updated", "open"],
    ]);
    const invoice = (id: string, status: ProviderInvoiceStatus): ProviderInvoice => ({
      id,
      customerId,
      subscriptionId: null,
      status,
      description: "Usage overage",
      amountDue: 1200,
      amountPaid: status === "paid" ? 1200 : 0,
      currency: "usd",
      hostedInvoiceUrl: null,
      invoicePdfUrl: null,
      periodStart: null,
      periodEnd: null,
      createdAt: new Date("2026-11-01T00:00:00Z"),
      metadata: {},
    });
    const provider = new SandboxProvider();
    provider.listInvoices = async (c, limit) => [...(await sandbox.listInvoices(c, limit)), ...[...statuses].map(([id, status]) => invoice(id, status))];
    setProviderForTests(provider);
    const invoiceEvent = (id: string, type: string, invoiceId: string) => event(id, type, { id: invoiceId, object: "invoice", customer: customerId });

    expect((await deliver(invoiceEvent("evt_inv_finalized", "invoice.finalized", "in_wh_void"))).status).toBe(200);
    await drainJobs();
    for (const id of statuses.keys()) expect((await mirroredInvoice(id))?.status).toBe("open");

    const changes: Array<[type: string, invoiceId: string, status: ProviderInvoiceStatus]> = [
      ["invoice.voided", "in_wh_void", "void"],
      ["invoice.marked_uncollectible", "in_wh_uncollectible", "uncollectible"],
      ["invoice.updated", "in_wh_updated", "paid"], // paid out of band
    ];
    for (const [type, invoiceId, status] of changes) {
      statuses.set(invoiceId, status);
      const res = await deliver(invoiceEvent(`evt_${type}`, type, invoiceId));
      expect(await res.json(), type).toEqual({ received: true });
      await drainJobs();
      expect((await mirroredInvoice(invoiceId))?.status, type).toBe(status);
    }
    expect(await mirroredInvoice("in_wh_updated")).toMatchObject({ amountPaid: 1200 });
  });

  it("invoice.payment_failed records when the payment first failed; a second failure and the payment keep it", async () => {
    let status: ProviderInvoiceStatus = "open";
    const invoice = (id: string): ProviderInvoice => ({
      id,
      customerId,
      subscriptionId: null,
      status: id === "in_wh_failed" ? status : "open",
      description: "Usage overage",
      amountDue: 2500,
      amountPaid: id === "in_wh_failed" && status === "paid" ? 2500 : 0,
      currency: "usd",
      hostedInvoiceUrl: null,
      invoicePdfUrl: null,
      periodStart: null,
      periodEnd: null,
      createdAt: new Date("2026-11-02T00:00:00Z"),
      metadata: {},
    });
    const provider = new SandboxProvider();
    provider.listInvoices = async (c, limit) => [...(await sandbox.listInvoices(c, limit)), invoice("in_wh_failed"), invoice("in_wh_never_failed")];
    setProviderForTests(provider);
    const invoiceEvent = (id: string, type: string) => event(id, type, { id: "in_wh_failed", object: "invoice", customer: customerId });

    expect((await deliver(invoiceEvent("evt_failed_1", "invoice.payment_failed"))).status).toBe(200);
    await drainJobs();
    const first = (await mirroredInvoice("in_wh_failed"))?.paymentFailedAt;
    expect(first).toBeInstanceOf(Date);
    // The other invoice of the same sync did not fail.
    expect((await mirroredInvoice("in_wh_never_failed"))?.paymentFailedAt).toBeNull();

    await sleep(20);
    expect((await deliver(invoiceEvent("evt_failed_2", "invoice.payment_failed"))).status).toBe(200);
    await drainJobs();
    expect((await mirroredInvoice("in_wh_failed"))?.paymentFailedAt).toEqual(first);

    status = "paid";
    expect((await deliver(invoiceEvent("evt_failed_paid", "invoice.paid"))).status).toBe(200);
    await drainJobs();
    expect(await mirroredInvoice("in_wh_failed")).toMatchObject({ status: "paid", amountPaid: 2500, paymentFailedAt: first });
  });

  it("without an event, only an invoice first seen open while its subscription is past due is recorded as failed, not its paid ones", async () => {
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, "wh-past-due");
    const invoice = (id: string, status: ProviderInvoiceStatus): ProviderInvoice => ({
      id,
      customerId,
      subscriptionId: sub.id,
      status,
      description: "Subscription",
      amountDue: 14900,
      amountPaid: status === "paid" ? 14900 : 0,
      currency: "usd",
      hostedInvoiceUrl: null,
      invoicePdfUrl: null,
      periodStart: null,
      periodEnd: null,
      createdAt: new Date("2026-10-01T00:00:00Z"),
      metadata: {},
    });
    const provider = new SandboxProvider();
    provider.listSubscriptions = async (c) => (await sandbox.listSubscriptions(c)).map((s) => (s.id === sub.id ? { ...s, status: "past_due" as const } : s));
    provider.listInvoices = async (c, limit) => [...(await sandbox.listInvoices(c, limit)), invoice("in_wh_paid_before", "paid"), invoice("in_wh_open_past_due", "open")];
    setProviderForTests(provider);

    expect((await syncCustomerSubscriptions(customerId)).found).toBe(true);
    expect((await mirroredInvoice("in_wh_open_past_due"))?.paymentFailedAt).toBeInstanceOf(Date);
    expect((await mirroredInvoice("in_wh_paid_before"))?.paymentFailedAt).toBeNull();
  });

  it("answers 200 when the sync fails; the job retries it (not the provider)", async () => {
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "medium", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, "wh-fail");
    const broken = new SandboxProvider();
    broken.listSubscriptions = async () => {
      throw new Error("provider unreachable");
    };
    setProviderForTests(broken);
    const payload = event("evt_retry", "customer.subscription.updated", { id: sub.id, object: "subscription", customer: customerId });
    const res = await deliver(payload);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });

    await runDueJobs(); // the first attempt fails and waits for its retry
    expect(await jobStatus(billingSyncJob, syncKey("evt_retry"))).toBe("queued");
    expect(await mirror(sub.id)).toBeUndefined();
    // A redelivery by the provider is a duplicate: the queued job is the one retry.
    expect(await (await deliver(payload)).json()).toEqual({ received: true, duplicate: true });

    setProviderForTests(undefined);
    await makeJobsDue();
    await runDueJobs();
    expect(await jobStatus(billingSyncJob, syncKey("evt_retry"))).toBe("completed");
    expect((await mirror(sub.id))?.planId).toBe("medium");
    const db = await getDb();
    expect(await db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, "evt_retry"))).toHaveLength(1);
  });
});

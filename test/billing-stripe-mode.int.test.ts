import { randomUUID } from "node:crypto";
import { GET as invoicePdfRoute } from "@app/api/invoices/[id]/pdf/route";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, invoices, subscriptions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { setProviderForTests } from "@/features/billing/provider";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { LoopbackStripe, list } from "@/features/billing/provider/testing/loopback-stripe";
import type { CustomerSubscription, InvoiceView } from "@/features/billing/api-types";
import { POST as webhook } from "@app/api/stripe/webhook/route";
import { GET as billingHistory } from "@app/api/billing-history/route";
import { BASE, call, completeSubscriptionAs, type TestUser } from "./http-helpers";
import { stripeModeCustomer, stripeSubscriptionJson } from "./checkout-helpers";
import { paidInvoiceJson } from "@/features/billing/provider/testing/stripe-json";

const T0 = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const SECRET = "whsec_stripe_mode_test";

/** In its trial; `over` replaces any field. */
function subJson(id: string, customer: string, over: Record<string, unknown> = {}) {
  return { ...stripeSubscriptionJson({ id, customer, status: "trialing", created: T0, periodEnd: T0 + 14 * DAY, trialEnd: T0 + 14 * DAY }), ...over };
}

/**
 * The whole server path in Stripe mode: routes -> Stripe adapter -> a
 * loopback API -> the mirror. No test calls the real Stripe.
 */
describe("billing in Stripe mode (loopback API)", () => {
  const api = new LoopbackStripe();
  let user: TestUser;
  const customer = `cus_${randomUUID().slice(0, 8)}`;
  let remote: { subs: ReturnType<typeof subJson>[]; invoices: unknown[] };

  beforeAll(async () => {
    // The queue without workers: the test runs the webhook's sync job itself (drainJobs).
    await startJobs({ jobs: [billingSyncJob], workers: false });
    user = await stripeModeCustomer(api, customer, { secretKey: "sk_test_mode", webhookSecret: SECRET });
    remote = { subs: [], invoices: [] };
    api.on("GET", "/v1/subscriptions", () => ({ body: list(remote.subs) }));
    api.on("GET", "/v1/invoices", () => ({ body: list(remote.invoices) }));
    api.on("POST", "/v1/invoices/create_preview", { body: { object: "invoice", amount_due: 14900, period_end: T0 + 14 * DAY, next_payment_attempt: T0 + 14 * DAY + 3600 } });
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await api.stop();
  });

  it("complete-subscription checks the setup intent at Stripe, creates the trial and mirrors it", async () => {
    const db = await getDb();
    const orderId = randomUUID();
    await db.insert(aiReadyOrders).values({ id: orderId, aiEmployeeName: "Ava", aiPhoneNumber: "+15555550111", customerEmail: user.email, webChatUrl: "https://chat.example.com/ava" });
    api.on("GET", "/v1/setup_intents/seti_other", {
      body: { id: "seti_other", object: "setup_intent", customer: "cus_someone_else", status: "succeeded", client_secret: "x", payment_method: "pm_9" },
    });
    const foreign = await completeSubscriptionAs(user, { setupIntentId: "seti_other", planId: "small", billing: "monthly", aiEmployeeId: orderId });
    expect(foreign.status).toBe(404);
    expect(api.find("POST", "/v1/subscriptions")).toHaveLength(0);

    api.on("GET", "/v1/setup_intents/seti_ok", {
      body: { id: "seti_ok", object: "setup_intent", customer, status: "succeeded", client_secret: "y", payment_method: "pm_1" },
    });
    api.on("GET", "/v1/prices", { body: list([{ id: "price_small_m", object: "price", lookup_key: "plan_small_monthly" }]) });
    api.on("POST", `/v1/customers/${customer}`, { body: { id: customer, object: "customer" } });
    api.on("POST", "/v1/subscriptions", (r) => {
      const created = subJson("sub_live_1", customer, { metadata: { userId: r.params["metadata[userId]"], aiReadyOrderId: r.params["metadata[aiReadyOrderId]"] } });
      remote.subs = [created];
      return { body: created };
    });
    const res = await completeSubscriptionAs(user, { setupIntentId: "seti_ok", planId: "small", billing: "monthly", aiEmployeeId: orderId });
    expect(res.status).toBe(200);
    const { subscription } = (await res.json()) as { subscription: CustomerSubscription };
    expect(subscription).toMatchObject({
      status: "trialing",
      billing: "monthly",
      aiReadyOrderId: orderId,
      stripeData: { stripeStatus: "trialing", daysInTrial: 14, upcomingInvoice: { amount: 14900 } },
    });
    const [create] = api.find("POST", "/v1/subscriptions");
    expect(create!.params).toMatchObject({ customer, "items[0][price]": "price_small_m", default_payment_method: "pm_1", trial_period_days: "14", "metadata[aiReadyOrderId]": orderId });
    // The checkout's key, followed by a digest of the parameters sent (the key covers them all).
    expect(create!.idempotencyKey).toMatch(/^complete-seti_ok-[0-9a-f]{16}$/);
    const [order] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, orderId));
    expect(order).toMatchObject({ status: "claimed", subscriptionId: subscription.id });
  });

  it("a signed invoice.paid webhook re-reads Stripe and updates the mirror and billing history", async () => {
    remote.subs = [
      subJson("sub_live_1", customer, {
        status: "active",
        items: stripeSubscriptionJson({ id: "sub_live_1", customer, status: "active", created: T0, periodStart: T0 + 14 * DAY, periodEnd: T0 + 44 * DAY }).items,
      }),
    ];
    remote.invoices = [paidInvoiceJson({ id: "in_live_1", customer, subscription: "sub_live_1", periodStart: T0 })];
    const payload = JSON.stringify({
      id: "evt_live_paid",
      object: "event",
      type: "invoice.paid",
      created: T0 + 14 * DAY,
      data: { object: { id: "in_live_1", object: "invoice", customer, parent: { subscription_details: { subscription: "sub_live_1" } } } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const res = await webhook(new Request(`${BASE}/api/stripe/webhook`, { method: "POST", headers: { "stripe-signature": signature }, body: payload }));
    expect(res.status).toBe(200);
    // The webhook answers first; the sync runs as a job.
    await drainJobs();

    const db = await getDb();
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, "sub_live_1"));
    expect(row).toMatchObject({ status: "active", providerStatus: "active", currentPeriodEnd: new Date((T0 + 44 * DAY) * 1000) });
    const [inv] = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, "in_live_1"));
    expect(inv?.accountId).toBe(user.id);
    const history = (await (await call(billingHistory, { path: "/api/billing-history", cookie: user.cookie })).json()) as InvoiceView[];
    expect(history).toEqual([
      expect.objectContaining({
        amount: 14900,
        status: "paid",
        description: "1 × Small Plan (at $149.00 / month)",
        invoiceUrl: "https://invoice.stripe.com/i/in_live_1",
        pdfUrl: `/api/invoices/${inv!.id}/pdf`,
      }),
    ]);
    // The PDF link leads to Stripe's own PDF (ADR 0120).
    const pdf = await call(invoicePdfRoute, { path: `/api/invoices/${inv!.id}/pdf`, params: { id: inv!.id }, cookie: user.cookie });
    expect(pdf.status).toBe(302);
    expect(pdf.headers.get("location")).toBe("https://pay.stripe.com/invoice/in_live_1/pdf");
  });
});

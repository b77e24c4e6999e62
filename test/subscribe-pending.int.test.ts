import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { and, eq, like } from "drizzle-orm";
import { notifications, paymentCustomers } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { getProvider, setProviderForTests } from "@/features/billing/provider";
import { LoopbackStripe } from "@/features/billing/provider/testing/loopback-stripe";
import { billingSyncJob } from "@/features/billing/webhook.server";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { POST as createSubscription } from "@app/api/create-subscription/route";
import { POST as completeSubscription } from "@app/api/complete-subscription/route";
import { POST as setupConfirmed } from "@app/api/payment-setup-confirmed/route";
import { confirmCard, stripeModeCustomer } from "./checkout-helpers";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { GET as userSubscriptions } from "@app/api/user-subscriptions/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { deliverSignedEvent, stripeEventPayload } from "./stripe-fake-webhooks";

const GOOD_CARD = "4242 4242 4242 4242";

async function subscribe(u: TestUser, planId = "small", billing = "monthly") {
  const res = await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: u.cookie, body: { planId, billing } });
  expect(res.status).toBe(200);
  return (await res.json()) as { clientSecret: string; setupIntentId: string; trial: boolean };
}

async function subscriptionsOf(u: TestUser): Promise<CustomerSubscription[]> {
  return (await (await call(userSubscriptions, { path: "/api/user-subscriptions", cookie: u.cookie })).json()) as CustomerSubscription[];
}

function reportConfirmed(u: TestUser, setupIntentId: string) {
  return call(setupConfirmed, { method: "POST", path: "/api/payment-setup-confirmed", cookie: u.cookie, body: { setupIntentId } });
}

function complete(u: TestUser, body: { setupIntentId: string; planId: string; billing: string; trial: boolean }) {
  return call(completeSubscription, { method: "POST", path: "/api/complete-subscription", cookie: u.cookie, body: { ...body, aiEmployeeId: null } });
}

/** What every view could show of the customer: the mirror, the admin's "Free trial started" notices, the provider's subscriptions. */
async function traces(u: TestUser) {
  const db = await getDb();
  const notices = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, "trial_started"), like(notifications.message, `%${u.email}%`)));
  const [customer] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.accountId, u.id));
  const atProvider = customer ? await (await getProvider()).listSubscriptions(customer.providerCustomerId) : [];
  return { mirrored: await subscriptionsOf(u), notices: notices.length, atProvider: atProvider.length };
}

/**
 * Issue 23: opening /subscribe (directly, after sign-up, from the verify
 * link, reloaded, in two tabs) creates no subscription. The card comes
 * first, as on /checkout: the confirmed card starts the trial.
 */
describe("/subscribe creates no subscription until a card is saved (sandbox)", () => {
  beforeAll(() => setProviderForTests(undefined));
  afterEach(() => vi.restoreAllMocks());

  it("opening the page, reloading it and two tabs at once leave no subscription, no notice and nothing at the provider", async () => {
    const u = await createUser();
    const first = await subscribe(u, "medium");
    expect(first).toMatchObject({ trial: true });
    expect(first.setupIntentId).toMatch(/^seti_/);
    await Promise.all([subscribe(u, "medium"), subscribe(u, "small")]);
    expect(await traces(u)).toEqual({ mirrored: [], notices: 0, atProvider: 0 });
  });

  it("the confirmed card starts one trialing subscription, and the admin hears of it once", async () => {
    const u = await createUser();
    const { clientSecret, setupIntentId } = await subscribe(u, "medium");
    // Not confirmed yet: nothing starts.
    expect((await complete(u, { setupIntentId, planId: "medium", billing: "monthly", trial: true })).status).toBe(400);
    expect((await traces(u)).mirrored).toEqual([]);
    const ok = await confirmCard(u, clientSecret, GOOD_CARD);
    expect(ok.status).toBe(200);
    const res = await complete(u, { setupIntentId, planId: "medium", billing: "monthly", trial: true });
    expect(res.status).toBe(200);
    // A repeat (a double click, a redirect back) is the same subscription.
    expect((await complete(u, { setupIntentId, planId: "medium", billing: "monthly", trial: true })).status).toBe(200);
    const after = await traces(u);
    expect(after.mirrored.map((s) => [s.plan.id, s.status])).toEqual([["medium", "trialing"]]);
    expect(after).toMatchObject({ notices: 1, atProvider: 1 });
  });

  it("once the trial is used, the page offers a paid start, and still makes nothing before the card (ADR 0105)", async () => {
    const u = await createUser();
    const small = await subscribe(u, "small");
    await confirmCard(u, small.clientSecret, GOOD_CARD);
    expect((await complete(u, { setupIntentId: small.setupIntentId, planId: "small", billing: "monthly", trial: true })).status).toBe(200);
    const second = await subscribe(u, "large");
    expect(second).toMatchObject({ trial: false });
    expect(second.clientSecret).not.toBe(small.clientSecret);
    expect((await traces(u)).atProvider).toBe(1);
  });

  it("payment-setup-confirmed checks whose setup intent it is and that it succeeded", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { setupIntentId } = await subscribe(owner);
    const notYet = await reportConfirmed(owner, setupIntentId);
    expect(notYet.status).toBe(400);
    expect(await notYet.json()).toEqual({ message: "Your payment method has not been confirmed yet. Please try again." });
    // Another customer's setup intent, or one that does not exist, looks the same: 404.
    await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: other.cookie, body: {} });
    expect((await reportConfirmed(other, setupIntentId)).status).toBe(404);
    expect((await reportConfirmed(owner, "seti_missing")).status).toBe(404);
    expect((await reportConfirmed(owner, "")).status).toBe(400);
  });
});

/** Stripe mode: the explicit default card, from the card form's report and from the setup_intent.succeeded webhook. */
describe("the saved card becomes the default explicitly (Stripe mode, loopback API)", () => {
  const api = new LoopbackStripe();
  const SECRET = "whsec_subscribe_pending";
  let user: TestUser;
  const customer = `cus_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    await startJobs({ jobs: [billingSyncJob], workers: false });
    user = await stripeModeCustomer(api, customer, { secretKey: "sk_test_pending", webhookSecret: SECRET });
    api.on("GET", "/v1/setup_intents/seti_card", {
      body: { id: "seti_card", object: "setup_intent", customer, status: "succeeded", payment_method: "pm_card", metadata: { subscriptionId: "sub_pending" } },
    });
    api.on("POST", `/v1/customers/${customer}`, { body: { id: customer, object: "customer" } });
    api.on("POST", "/v1/subscriptions/sub_pending", { body: { id: "sub_pending", object: "subscription" } });
    api.on("GET", "/v1/subscriptions", { body: { object: "list", data: [], has_more: false, url: "/v1/subscriptions" } });
    api.on("GET", "/v1/invoices", { body: { object: "list", data: [], has_more: false, url: "/v1/invoices" } });
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await api.stop();
  });

  it("the card form's report sets the customer's and the subscription's default card", async () => {
    const res = await reportConfirmed(user, "seti_card");
    expect(res.status).toBe(200);
    expect(api.find("POST", `/v1/customers/${customer}`).at(-1)!.params).toEqual({ "invoice_settings[default_payment_method]": "pm_card" });
    expect(api.find("POST", "/v1/subscriptions/sub_pending").at(-1)!.params).toEqual({ default_payment_method: "pm_card" });
  });

  it("setup_intent.succeeded does the same in the webhook's job, under the same keys", async () => {
    const before = api.find("POST", "/v1/subscriptions/sub_pending").length;
    await deliverSignedEvent(stripeEventPayload("setup_intent.succeeded", { id: "seti_card", object: "setup_intent", customer, status: "succeeded" }), SECRET);
    const calls = api.find("POST", "/v1/subscriptions/sub_pending");
    expect(calls).toHaveLength(before + 1);
    // The same intent and parameters: Stripe replays rather than applying twice.
    expect(calls.at(-1)!.idempotencyKey).toBe(calls[before - 1]!.idempotencyKey);
  });
});

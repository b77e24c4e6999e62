import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { subscriptions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { setProviderForTests } from "@/features/billing/provider";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { FREE_TRIAL_USED } from "@/features/billing/free-trial";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import { StripeFake } from "@/features/billing/provider/testing/stripe-fake";
import type { CustomerSubscription, InvoiceView } from "@/features/billing/api-types";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { POST as createSubscription } from "@app/api/create-subscription/route";
import { confirmCard } from "../checkout-helpers";
import { GET as userSubscriptions } from "@app/api/user-subscriptions/route";
import { GET as billingHistory } from "@app/api/billing-history/route";
import { call, completeSubscriptionAs, createUser, json, type TestUser } from "../http-helpers";
import { stripeOnFake } from "../stripe-fake-webhooks";

/**
 * Issue 21, one free trial per customer (ADR 0105): the audit saw one
 * customer start three concurrent 14-day trials (Large, Medium, Small)
 * through /subscribe. A customer gets one; later subscriptions start paid,
 * charged at once, and the server decides under the customer's lock.
 */

type Start = { clientSecret: string; setupIntentId: string; trial: boolean };
const PLANS = ["large", "medium", "small"];

const startSubscribe = (u: TestUser, planId: string) => call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: u.cookie, body: { planId, billing: "monthly" } });
const setupIntent = async (u: TestUser) =>
  json<{ clientSecret: string; setupIntentId: string; trial: boolean }>(await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: u.cookie, body: {} }));
const mine = async (u: TestUser) => json<CustomerSubscription[]>(await call(userSubscriptions, { path: "/api/user-subscriptions", cookie: u.cookie }));
const invoicesOf = async (u: TestUser) => json<InvoiceView[]>(await call(billingHistory, { path: "/api/billing-history", cookie: u.cookie }));
async function mirrorRows(u: TestUser) {
  const db = await getDb();
  return db.select().from(subscriptions).where(eq(subscriptions.accountId, u.id));
}

describe("one free trial per customer (sandbox provider)", () => {
  /** Confirms a sandbox setup intent with a test card, as the card form does. */
  async function confirm(u: TestUser, clientSecret: string, card = "4242424242424242"): Promise<void> {
    const res = await confirmCard(u, clientSecret, card);
    expect(res.status).toBe(200);
  }

  it("three concurrent /subscribe starts (Large, Medium, Small) make nothing; their three cards give one trialing subscription, the other two are told the trial is used", async () => {
    const u = await createUser();
    const starts = await Promise.all(PLANS.map(async (plan) => json<Start>(await startSubscribe(u, plan))));
    // Card first (issue 23): nothing is made before a card, so each page still offers the trial.
    expect(starts.map((s) => s.trial)).toEqual([true, true, true]);
    for (const s of starts) expect(s.setupIntentId).toMatch(/^seti_/);
    expect(await mirrorRows(u)).toEqual([]);
    for (const s of starts) await confirm(u, s.clientSecret);
    const answers = await Promise.all(starts.map((s, n) => completeSubscriptionAs(u, { setupIntentId: s.setupIntentId, planId: PLANS[n], billing: "monthly", aiEmployeeId: null, trial: true })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    expect(statuses.filter((st) => st === 409)).toHaveLength(2);
    const rows = await mirrorRows(u);
    expect(rows.map((r) => r.status)).toEqual(["trialing"]);
    // The next page tells it before it asks for the card.
    expect((await setupIntent(u)).trial).toBe(false);
    expect((await json<Start>(await startSubscribe(u, "small"))).trial).toBe(false);

    // One of them goes on: the confirmed card starts a paid subscription, charged now.
    const n = statuses.indexOf(409);
    const done = await json<{ subscription: CustomerSubscription }>(
      await completeSubscriptionAs(u, { setupIntentId: starts[n]!.setupIntentId, planId: PLANS[n], billing: "monthly", aiEmployeeId: null, trial: false }),
    );
    expect(done.subscription).toMatchObject({ status: "active", trialEnd: null });
    const invoices = await invoicesOf(u);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", amount: done.subscription.plan.monthlyPrice });
    expect((await mine(u)).map((s) => s.status).sort()).toEqual(["active", "trialing"]);
  });

  it("three concurrent checkouts that each expect the trial: one trialing, two refused with 409 and nothing charged; paying then works", async () => {
    const u = await createUser();
    const intents = [];
    for (let n = 0; n < 3; n++) {
      const si = await setupIntent(u);
      expect(si.trial).toBe(true);
      await confirm(u, si.clientSecret);
      intents.push(si.setupIntentId);
    }
    const answers = await Promise.all(intents.map((id, n) => completeSubscriptionAs(u, { setupIntentId: id, planId: ["large", "medium", "small"][n], billing: "monthly", aiEmployeeId: null })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    for (const refused of answers.filter((r) => r.status === 409)) expect(((await refused.json()) as { message: string }).message).toBe(FREE_TRIAL_USED);
    const rows = await mirrorRows(u);
    expect(rows.map((r) => r.status)).toEqual(["trialing"]);
    expect(await invoicesOf(u)).toEqual([]);

    // The customer, told the trial is used, agrees to pay now: active at once, the first period paid.
    const refusedIntent = intents[statuses.indexOf(409)]!;
    const paid = await json<{ subscription: CustomerSubscription }>(
      await completeSubscriptionAs(u, { setupIntentId: refusedIntent, planId: "small", billing: "monthly", aiEmployeeId: null, trial: false }),
    );
    expect(paid.subscription).toMatchObject({ status: "active", trialEnd: null, plan: { monthlyPrice: 14_900 } });
    expect((await invoicesOf(u)).map((i) => [i.status, i.amount])).toEqual([["paid", 14_900]]);
    // A repeat of that checkout (a lost answer) is the same subscription, not a second charge.
    const again = await json<{ subscription: CustomerSubscription }>(
      await completeSubscriptionAs(u, { setupIntentId: refusedIntent, planId: "small", billing: "monthly", aiEmployeeId: null, trial: false }),
    );
    expect(again.subscription.id).toBe(paid.subscription.id);
    expect(await mirrorRows(u)).toHaveLength(2);
    expect(await invoicesOf(u)).toHaveLength(1);
  });

  it("a paid start with a card whose charges are declined is refused with the bank's message and makes nothing", async () => {
    const u = await createUser();
    const first = await json<Start>(await startSubscribe(u, "small"));
    await confirm(u, first.clientSecret);
    await json(await completeSubscriptionAs(u, { setupIntentId: first.setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: null, trial: true }));
    const si = await setupIntent(u);
    expect(si.trial).toBe(false);
    await confirm(u, si.clientSecret, "4000000000000341");
    const res = await completeSubscriptionAs(u, { setupIntentId: si.setupIntentId, planId: "medium", billing: "monthly", aiEmployeeId: null, trial: false });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Your card was declined.");
    expect((await mirrorRows(u)).map((r) => r.planId)).toEqual(["small"]);
  });
});

describe("one free trial per customer (Stripe adapter, stateful fake)", () => {
  const fake = new StripeFake();
  let provider: StripeProvider;

  beforeAll(async () => {
    await startJobs({ jobs: [billingSyncJob], workers: false });
    provider = await stripeOnFake(fake, { secretKey: "sk_test_one_trial", webhookSecret: "whsec_one_trial" });
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await fake.stop();
  });

  it("three concurrent /subscribe starts make nothing at Stripe; their cards make one trialing subscription; a paid start is charged at once without trial_period_days", async () => {
    const u = await createUser();
    const starts = await Promise.all(PLANS.map(async (plan) => json<Start>(await startSubscribe(u, plan))));
    const customer = [...fake.state.customers.values()].find((c) => c.email === u.email)!.id;
    const atStripe = () => [...fake.state.subscriptions.values()].filter((s) => s.customer === customer);
    expect(atStripe()).toEqual([]);
    // What Stripe.js does with the card forms.
    for (const s of starts) await provider.stripe.setupIntents.confirm(s.setupIntentId, { payment_method: "pm_card_visa" });
    const answers = await Promise.all(starts.map((s, n) => completeSubscriptionAs(u, { setupIntentId: s.setupIntentId, planId: PLANS[n], billing: "monthly", aiEmployeeId: null, trial: true })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(atStripe().map((s) => s.status)).toEqual(["trialing"]);

    const paid = starts[answers.findIndex((r) => r.status === 409)]!;
    const before = fake.api.find("POST", "/v1/subscriptions").length;
    const done = await json<{ subscription: CustomerSubscription }>(
      await completeSubscriptionAs(u, { setupIntentId: paid.setupIntentId, planId: "medium", billing: "monthly", aiEmployeeId: null, trial: false }),
    );
    expect(done.subscription).toMatchObject({ status: "active", trialEnd: null });
    const created = fake.api.find("POST", "/v1/subscriptions").slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.params.trial_period_days).toBeUndefined();
    expect(created[0]!.params.payment_behavior).toBe("error_if_incomplete");
    const sub = atStripe().find((s) => s.status === "active")!;
    expect(fake.get(sub.latest_invoice as string)).toMatchObject({ status: "paid", amount_paid: 42_000 });
    expect(atStripe()).toHaveLength(2);
  });

  it("three concurrent checkouts expecting the trial: one trialing, two refused, none charged; a declined card on the paid start makes nothing", async () => {
    const u = await createUser();
    const intents = [];
    for (let n = 0; n < 3; n++) {
      const si = await setupIntent(u);
      await provider.stripe.setupIntents.confirm(si.setupIntentId, { payment_method: n === 2 ? "pm_card_chargeCustomerFail" : "pm_card_visa" });
      intents.push(si.setupIntentId);
    }
    const answers = await Promise.all(intents.slice(0, 2).map((id) => completeSubscriptionAs(u, { setupIntentId: id, planId: "small", billing: "monthly", aiEmployeeId: null })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const customer = [...fake.state.customers.values()].find((c) => c.email === u.email)!.id;
    const atStripe = () => [...fake.state.subscriptions.values()].filter((s) => s.customer === customer);
    expect(atStripe().map((s) => s.status)).toEqual(["trialing"]);
    // The card that declines charges, on a paid start: Stripe refuses (402), no subscription is left.
    const declined = await completeSubscriptionAs(u, { setupIntentId: intents[2], planId: "small", billing: "monthly", aiEmployeeId: null, trial: false });
    expect(declined.status).toBe(400);
    expect(((await declined.json()) as { message: string }).message).toBe("Your card was declined.");
    expect(atStripe()).toHaveLength(1);
    expect(await mirrorRows(u)).toHaveLength(1);
  });
});

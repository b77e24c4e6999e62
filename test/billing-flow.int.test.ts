import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, interactions, notifications, paymentCustomers, subscriptions } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import { ensureCustomer } from "@/features/billing/customers.server";
import type { AiReadyOrderView, CustomerSubscription, InvoiceView, PlanView } from "@/features/billing/api-types";
import { GET as listPlans } from "@app/api/subscription-plans/route";
import { GET as getPlan } from "@app/api/subscription-plans/[planId]/route";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { POST as createSubscription } from "@app/api/create-subscription/route";
import { POST as cancelSubscription } from "@app/api/cancel-subscription/route";
import { POST as createPortalSession } from "@app/api/create-portal-session/route";
import { GET as billingHistory } from "@app/api/billing-history/route";
import { GET as aiReadyOrdersRoute } from "@app/api/ai-ready-orders/route";
import { GET as userSubscriptions } from "@app/api/user-subscriptions/route";
import { confirmCard } from "./checkout-helpers";
import { GET as clockState, POST as advanceClock } from "@app/api/admin/sandbox-clock/route";
import { GET as getUser } from "@app/api/auth/user/route";
import { advanceSandboxClock } from "@/features/billing/sandbox/store.server";
import { rollOverDueSubscriptions } from "@/features/billing/sandbox-rollover.server";
import { call, completeSubscriptionAs, createUser, type TestUser } from "./http-helpers";
import { insertInteraction } from "./interactions-fixtures";

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function addOrder(email: string, name = "Sophie"): Promise<string> {
  const db = await getDb();
  const id = randomUUID();
  await db.insert(aiReadyOrders).values({
    id,
    aiEmployeeName: name,
    aiPhoneNumber: "+15555550100",
    customerEmail: email.toLowerCase(),
    webChatUrl: "https://chat.example.com/sophie",
  });
  return id;
}

/** Checkout up to a confirmed setup intent; returns its id. */
async function confirmedSetupIntent(u: TestUser, card = "4242424242424242"): Promise<{ id: string; status: string; lastError: string | null }> {
  const si = await json<{ clientSecret: string; setupIntentId: string; publishableKey: string | null }>(
    await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: u.cookie, body: {} }),
  );
  expect(si.publishableKey).toBeNull();
  const res = await confirmCard(u, si.clientSecret, card);
  expect(res.status).toBe(200);
  return (await json<{ setupIntent: { id: string; status: string; lastError: string | null } }>(res)).setupIntent;
}

async function subs(u: TestUser): Promise<CustomerSubscription[]> {
  return json<CustomerSubscription[]>(await call(userSubscriptions, { path: "/api/user-subscriptions", cookie: u.cookie }));
}

describe("customer billing API on the sandbox provider", () => {
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let aliceOrder: string;
  let aliceSubId: string;

  beforeAll(async () => {
    setProviderForTests(undefined);
    alice = await createUser({ email: `alice-${randomUUID().slice(0, 6)}@example.com`, firstName: "Alice" });
    bob = await createUser({ email: `bob-${randomUUID().slice(0, 6)}@example.com`, firstName: "Bob" });
    admin = await createUser({ role: "admin" });
    aliceOrder = await addOrder(alice.email);
  });

  it("lists plans and reads one by id; corp and corporate both work; unknown is 404", async () => {
    const plans = await json<PlanView[]>(await call(listPlans, { path: "/api/subscription-plans" }));
    expect(plans.map((p) => p.id)).toEqual(["small", "medium", "large", "corp"]);
    const small = await json<PlanView>(await call(getPlan, { path: "/api/subscription-plans/small", params: { planId: "small" } }));
    expect(small).toEqual({ id: "small", name: "Small", monthlyPrice: 14900, annualPrice: 160800, phoneSessionLimit: 120, textSessionLimit: 240 });
    for (const id of ["corp", "corporate"]) {
      const res = await call(getPlan, { path: `/api/subscription-plans/${id}`, params: { planId: id } });
      expect(res.status).toBe(200);
      expect((await json<PlanView>(res)).name).toBe("Corp");
    }
    const missing = await call(getPlan, { path: "/api/subscription-plans/nope", params: { planId: "nope" } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Plan not found" });
  });

  it("declines 4000 0000 0000 0002 with the provider's message, and that setup cannot complete a subscription", async () => {
    const si = await confirmedSetupIntent(alice, "4000 0000 0000 0002".replace(/ /g, ""));
    expect(si.status).toBe("requires_payment_method");
    expect(si.lastError).toBe("Your card was declined.");
    const res = await completeSubscriptionAs(alice, { setupIntentId: si.id, planId: "small", billing: "monthly", aiEmployeeId: aliceOrder });
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toMatch(/not been confirmed/);
    expect(await subs(alice)).toEqual([]);
  });

  it("validates payloads with a 400 naming the field", async () => {
    const res = await completeSubscriptionAs(alice, { planId: "platinum", billing: "weekly" });
    expect(res.status).toBe(400);
    const { message } = await json<{ message: string }>(res);
    expect(message).toContain("setupIntentId");
    expect(message).toContain("planId: Unknown plan 'platinum'");
    expect(message).toContain("billing");
  });

  it("completes checkout: trialing 14 days, order claimed and linked, trial_started notified", async () => {
    // A call the AI employee took before it was claimed (no customer yet): Alice's once she claims it.
    const earlyCall = await insertInteraction({ orderId: aliceOrder, accountId: null }, { id: `early-${randomUUID()}`, startedAt: new Date(), fromNumber: null, unitRule: "call" });
    const si = await confirmedSetupIntent(alice);
    expect(si.status).toBe("succeeded");

    // Bob cannot use Alice's setup intent.
    const stolen = await completeSubscriptionAs(bob, { setupIntentId: si.id, planId: "small", billing: "monthly", aiEmployeeId: null });
    expect(stolen.status).toBe(404);

    const body = { setupIntentId: si.id, planId: "small", billing: "monthly", aiEmployeeId: aliceOrder };
    const res = await completeSubscriptionAs(alice, body);
    expect(res.status).toBe(200);
    const { subscription } = await json<{ subscription: CustomerSubscription }>(res);
    expect(subscription.status).toBe("trialing");
    expect(subscription.stripeData.daysInTrial).toBe(14);
    expect(subscription.stripeData.stripeStatus).toBe("trialing");
    expect(subscription.aiReadyOrderId).toBe(aliceOrder);
    expect(subscription.stripeData.upcomingInvoice?.amount).toBe(14900);
    expect(subscription.plan).toEqual({ id: "small", name: "Small", monthlyPrice: 14900, annualPrice: 160800 });
    aliceSubId = subscription.id;

    // Repeating the call (double click) does not create a second subscription.
    const again = await completeSubscriptionAs(alice, body);
    expect(again.status).toBe(200);
    expect((await json<{ subscription: CustomerSubscription }>(again)).subscription.id).toBe(aliceSubId);
    expect(await subs(alice)).toHaveLength(1);

    // A second checkout cannot re-activate the same AI employee.
    const other = await confirmedSetupIntent(alice);
    const second = await completeSubscriptionAs(alice, { ...body, setupIntentId: other.id });
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({ message: "This AI employee has already been activated." });
    expect(await subs(alice)).toHaveLength(1);

    const orders = await json<AiReadyOrderView[]>(await call(aiReadyOrdersRoute, { path: "/api/ai-ready-orders", cookie: alice.cookie }));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe("claimed");
    expect(orders[0]!.subscription?.id).toBe(aliceSubId);

    const db = await getDb();
    const [order] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, aliceOrder));
    expect(order!.subscriptionId).toBe(aliceSubId);
    expect(order!.claimedByUserId).toBe(alice.id);
    const [early] = await db.select({ accountId: interactions.accountId }).from(interactions).where(eq(interactions.id, earlyCall));
    expect(early!.accountId).toBe(alice.id);
    const notes = await db.select().from(notifications).where(eq(notifications.type, "trial_started"));
    expect(notes.filter((n) => n.message.includes("Small plan"))).toHaveLength(1);
    // The notification names the customer.
    expect(notes.find((n) => n.message.includes("Small plan"))!.message).toContain(`Alice User (${alice.email})'s Small plan (monthly)`);
  });

  it("keeps customers apart: Bob sees none of Alice's subscriptions, orders or invoices and cannot cancel hers", async () => {
    expect(await subs(bob)).toEqual([]);
    expect(await json(await call(aiReadyOrdersRoute, { path: "/api/ai-ready-orders", cookie: bob.cookie }))).toEqual([]);
    expect(await json(await call(billingHistory, { path: "/api/billing-history", cookie: bob.cookie }))).toEqual([]);
    const res = await call(cancelSubscription, { method: "POST", path: "/api/cancel-subscription", cookie: bob.cookie, body: { subscriptionId: aliceSubId } });
    expect(res.status).toBe(404);
    expect((await subs(alice))[0]!.cancelAtPeriodEnd).toBe(false);
    // Bob cannot claim Alice's AI employee either.
    const si = await confirmedSetupIntent(bob);
    const claim = await completeSubscriptionAs(bob, { setupIntentId: si.id, planId: "small", billing: "monthly", aiEmployeeId: aliceOrder });
    expect(claim.status).toBe(404);
  });

  it("shows orders only for a verified e-mail", async () => {
    const carol = await createUser({ verified: false });
    await addOrder(carol.email, "Max");
    expect(await json(await call(aiReadyOrdersRoute, { path: "/api/ai-ready-orders", cookie: carol.cookie }))).toEqual([]);
  });

  it("the sandbox clock is admin-only; past the trial end the first invoice is paid and the subscription turns active", async () => {
    const forbidden = await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: alice.cookie, body: { days: 15 } });
    expect(forbidden.status).toBe(403);
    const bad = await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: admin.cookie, body: { days: 0 } });
    expect(bad.status).toBe(400);
    const before = await json<{ now: string; offsetDays: number }>(await call(clockState, { path: "/api/admin/sandbox-clock", cookie: admin.cookie }));

    const res = await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: admin.cookie, body: { days: 15 } });
    expect(res.status).toBe(200);
    const state = await json<{ offsetDays: number; now: string; customersSynced: number }>(res);
    expect(state.offsetDays).toBe(before.offsetDays + 15);
    expect(state.customersSynced).toBeGreaterThanOrEqual(1);

    const [sub] = await subs(alice);
    expect(sub!.status).toBe("active");
    expect(sub!.stripeData.daysInTrial).toBe(0);
    const history = await json<InvoiceView[]>(await call(billingHistory, { path: "/api/billing-history", cookie: alice.cookie }));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: 14900, status: "paid", currency: "usd" });
    expect(history[0]!.invoiceUrl).toMatch(/\/sandbox\/invoices\/in_sbx_/);

    const orders = await json<AiReadyOrderView[]>(await call(aiReadyOrdersRoute, { path: "/api/ai-ready-orders", cookie: alice.cookie }));
    expect(orders[0]!.status).toBe("active");
  });

  it("cancels at the period end: flag set now, cancelled after the period", async () => {
    const res = await call(cancelSubscription, { method: "POST", path: "/api/cancel-subscription", cookie: alice.cookie, body: { subscriptionId: aliceSubId } });
    expect(res.status).toBe(200);
    const body = await json<{ message: string; subscription: CustomerSubscription }>(res);
    expect(body.message).toBe("Your subscription will be cancelled at the end of the current billing period.");
    expect(body.subscription.status).toBe("active");
    expect(body.subscription.cancelAtPeriodEnd).toBe(true);
    expect(body.subscription.stripeData.stripeCancelAtPeriodEnd).toBe(true);
    expect(body.subscription.stripeData.upcomingInvoice).toBeNull();

    await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: admin.cookie, body: { days: 32 } });
    const [sub] = await subs(alice);
    expect(sub!.status).toBe("cancelled");
    // No renewal invoice after a cancellation.
    const history = await json<InvoiceView[]>(await call(billingHistory, { path: "/api/billing-history", cookie: alice.cookie }));
    expect(history).toHaveLength(1);
    const db = await getDb();
    const cancelled = await db.select().from(notifications).where(eq(notifications.type, "subscription_cancelled"));
    expect(cancelled.map((n) => n.title).sort()).toEqual(["Subscription cancellation scheduled", "Subscription cancelled"]);
    for (const n of cancelled) expect(n.message).toContain(`Alice User (${alice.email})`);
  });

  it("subscribe flow: a setup intent first; the confirmed card starts the trialing subscription (issue 23)", async () => {
    const dave = await createUser();
    const res = await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: dave.cookie, body: { planId: "medium", billing: "annual" } });
    expect(res.status).toBe(200);
    const { clientSecret, setupIntentId } = await json<{ clientSecret: string; setupIntentId: string }>(res);
    expect(clientSecret).toMatch(/_secret_/);
    expect(await subs(dave)).toEqual([]);
    // Someone else cannot confirm it.
    const foreign = await confirmCard(bob, clientSecret);
    expect(foreign.status).toBe(404);
    const ok = await confirmCard(dave, clientSecret, "4242 4242 4242 4242");
    expect((await json<{ setupIntent: { status: string } }>(ok)).setupIntent.status).toBe("succeeded");
    // A confirmed card alone starts nothing; the page's completion does.
    expect(await subs(dave)).toEqual([]);
    expect((await completeSubscriptionAs(dave, { setupIntentId, planId: "medium", billing: "annual", aiEmployeeId: null, trial: true })).status).toBe(200);
    const list = await subs(dave);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: "trialing", billing: "annual", plan: { id: "medium", annualPrice: 438000 } });
    expect(list[0]!.stripeData.upcomingInvoice?.amount).toBe(438000);

    const bad = await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: dave.cookie, body: { planId: "enterprise" } });
    expect(bad.status).toBe(400);
  });

  it("an abandoned subscribe page leaves nothing, not even after the trial's days have passed (issue 23)", async () => {
    const erin = await createUser();
    await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: erin.cookie, body: { planId: "small", billing: "monthly" } });
    await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: admin.cookie, body: { days: 15 } });
    expect(await subs(erin)).toEqual([]);
    const history = await json<InvoiceView[]>(await call(billingHistory, { path: "/api/billing-history", cookie: erin.cookie }));
    expect(history).toEqual([]);
  });

  it("the dashboard summary catches up with the sandbox clock through the job loop, never on a read", async () => {
    const hank = await createUser();
    const start = await json<{ clientSecret: string; setupIntentId: string }>(
      await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: hank.cookie, body: { planId: "large", billing: "monthly" } }),
    );
    await confirmCard(hank, start.clientSecret);
    expect((await completeSubscriptionAs(hank, { setupIntentId: start.setupIntentId, planId: "large", billing: "monthly", aiEmployeeId: null, trial: true })).status).toBe(200);
    const before = await json<{ subscription: { status: string } }>(await call(getUser, { path: "/api/auth/user", cookie: hank.cookie }));
    expect(before.subscription.status).toBe("trialing");
    // Time passes on the sandbox clock without any sync (like real days passing): the trial ends and the first period is charged.
    await advanceSandboxClock(15);
    const db = await getDb();
    const mirrored = async () => (await db.select().from(subscriptions).where(eq(subscriptions.accountId, hank.id)))[0]!;
    const stored = await mirrored();
    // Reads write nothing: the summary, the subscriptions and the billing history leave the mirror as it was.
    for (const route of [getUser, userSubscriptions, billingHistory]) expect((await call(route, { cookie: hank.cookie })).status).toBe(200);
    expect(await mirrored()).toEqual(stored);
    // The minute job (billing.sandbox-rollover) syncs the customers whose period ended.
    expect(await rollOverDueSubscriptions()).toBeGreaterThanOrEqual(1);
    const after = await json<{ subscription: { status: string } | null }>(await call(getUser, { path: "/api/auth/user", cookie: hank.cookie }));
    expect(after.subscription?.status ?? "none").not.toBe("trialing");
    expect(await rollOverDueSubscriptions()).toBe(0);
  });

  it("portal session points at the sandbox portal", async () => {
    const res = await call(createPortalSession, { method: "POST", path: "/api/create-portal-session", cookie: alice.cookie, body: {} });
    expect(res.status).toBe(200);
    expect((await json<{ url: string }>(res)).url).toMatch(/\/sandbox\/portal\?return_url=/);
  });

  it("creates one provider customer per business account even under concurrent calls", async () => {
    const frank = await createUser();
    const owner = { accountId: frank.id, accountName: "Frank", email: frank.email };
    const ids = await Promise.all([ensureCustomer(owner), ensureCustomer(owner), ensureCustomer(owner)]);
    expect(new Set(ids).size).toBe(1);
    const db = await getDb();
    expect(await db.select().from(paymentCustomers).where(eq(paymentCustomers.accountId, frank.id))).toHaveLength(1);
    const { sandboxObjects } = await import("@/db/schema");
    const all = await db.select().from(sandboxObjects).where(eq(sandboxObjects.kind, "customer"));
    expect(all.filter((c) => (c.data as { accountId?: string }).accountId === frank.id)).toHaveLength(1);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.accountId, frank.id))).toEqual([]);
  });

  it("two server processes racing for the same account still end with one customer", async () => {
    const gina = await createUser();
    const owner = { accountId: gina.id, accountName: "Gina", email: gina.email };
    // Separate module instances share nothing in memory, like two server processes.
    const a = await import("@/features/billing/customers.server");
    vi.resetModules();
    const b = await import("@/features/billing/customers.server");
    expect(a.ensureCustomer).not.toBe(b.ensureCustomer);
    const ids = await Promise.all([a.ensureCustomer(owner), b.ensureCustomer(owner)]);
    expect(ids[0]).toBe(ids[1]);
    const db = await getDb();
    expect(await db.select().from(paymentCustomers).where(eq(paymentCustomers.accountId, gina.id))).toHaveLength(1);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, subscriptions } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import type { AiReadyOrderView, CustomerSubscription } from "@/features/billing/api-types";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { seedSubscription } from "@/features/usage/testing/seed";
import { GET as userSubscriptionsRoute } from "@app/api/user-subscriptions/route";
import { GET as aiReadyOrdersRoute } from "@app/api/ai-ready-orders/route";
import { GET as adminSubscriptionsRoute } from "@app/api/admin/subscriptions/route";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { confirmCard } from "./checkout-helpers";
import { POST as cancelSubscription } from "@app/api/cancel-subscription/route";
import { POST as advanceClock } from "@app/api/admin/sandbox-clock/route";
import { GET as authUserRoute } from "@app/api/auth/user/route";
import { call, completeSubscriptionAs, createUser, json, type TestUser } from "./http-helpers";

const DAY = 86_400_000;

async function customerSubs(u: TestUser): Promise<CustomerSubscription[]> {
  return json<CustomerSubscription[]>(await call(userSubscriptionsRoute, { path: "/api/user-subscriptions", cookie: u.cookie }));
}
async function customerOrders(u: TestUser): Promise<AiReadyOrderView[]> {
  return json<AiReadyOrderView[]>(await call(aiReadyOrdersRoute, { path: "/api/ai-ready-orders", cookie: u.cookie }));
}
async function adminSubs(admin: TestUser): Promise<AdminSubscription[]> {
  return json<AdminSubscription[]>(await call(adminSubscriptionsRoute, { path: "/api/admin/subscriptions", cookie: admin.cookie }));
}

/** The ended subscription is cancelled and not cancelling; the live one still cancels at period end. */
function expectEndedNotCancelling(list: Array<CustomerSubscription | AdminSubscription>, endedId: string, liveCancellingId: string): void {
  const ended = list.find((s) => s.id === endedId)!;
  expect(ended.status).toBe("cancelled");
  expect(ended.cancelAtPeriodEnd).toBe(false);
  expect(ended.stripeData.stripeCancelAtPeriodEnd).toBe(false);
  expect(ended.stripeData.upcomingInvoice).toBeNull();
  const live = list.find((s) => s.id === liveCancellingId)!;
  expect(live.cancelAtPeriodEnd).toBe(true);
  expect(live.stripeData.stripeCancelAtPeriodEnd).toBe(true);
}

/** A setup intent confirmed with the sandbox's test card. */
async function confirmedSetupIntent(u: TestUser): Promise<{ clientSecret: string; setupIntentId: string; trial: boolean }> {
  const si = await json<{ clientSecret: string; setupIntentId: string; trial: boolean }>(
    await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: u.cookie, body: {} }),
  );
  await json(await confirmCard(u, si.clientSecret));
  return si;
}

async function addOrder(email: string, over: Partial<typeof aiReadyOrders.$inferInsert> = {}): Promise<string> {
  const db = await getDb();
  const id = randomUUID();
  await db.insert(aiReadyOrders).values({
    id,
    aiEmployeeName: "Sophie",
    aiPhoneNumber: "+15555550100",
    customerEmail: email.toLowerCase(),
    webChatUrl: "https://chat.example.com/sophie",
    ...over,
  });
  return id;
}

describe("ended subscriptions: every view derives from the ended state", () => {
  let customer: TestUser;
  let admin: TestUser;
  let endedId: string;
  let liveCancellingId: string;

  beforeAll(async () => {
    setProviderForTests(undefined);
    customer = await createUser();
    admin = await createUser({ role: "admin" });
    const orderId = await addOrder(customer.email);
    // Cancelled at period end, and the period is over: the cancel flags were left set
    // (the provider keeps cancel_at_period_end on a canceled subscription).
    const ended = await seedSubscription({ accountId: customer.id, status: "cancelled", cancelAtPeriodEnd: true, aiReadyOrderId: orderId });
    const db = await getDb();
    await db
      .update(subscriptions)
      .set({
        currentPeriodStart: new Date(Date.now() - 35 * DAY),
        currentPeriodEnd: new Date(Date.now() - 5 * DAY),
        upcomingInvoiceAmount: 14900,
        upcomingInvoiceDate: new Date(Date.now() + 25 * DAY),
      })
      .where(eq(subscriptions.id, ended.id));
    await db.update(aiReadyOrders).set({ status: "active", subscriptionId: ended.id, claimedByUserId: customer.id }).where(eq(aiReadyOrders.id, orderId));
    endedId = ended.id;
    // A live subscription cancelling at period end stays "cancelling".
    liveCancellingId = (await seedSubscription({ accountId: customer.id, status: "active", cancelAtPeriodEnd: true })).id;
  });

  it("GET /api/user-subscriptions: a cancelled subscription is not cancelling and has no upcoming invoice", async () => {
    expectEndedNotCancelling(await customerSubs(customer), endedId, liveCancellingId);
  });

  it("GET /api/ai-ready-orders: the AI employee's subscription is the ended one, not cancelling", async () => {
    const [order] = await customerOrders(customer);
    expect(order!.subscription?.id).toBe(endedId);
    expect(order!.subscription?.status).toBe("cancelled");
    expect(order!.subscription?.cancelAtPeriodEnd).toBe(false);
    expect(order!.subscription?.stripeData.stripeCancelAtPeriodEnd).toBe(false);
  });

  it("GET /api/admin/subscriptions: a cancelled subscription is not flagged as cancelling at period end", async () => {
    expectEndedNotCancelling(await adminSubs(admin), endedId, liveCancellingId);
  });

  it("on the sandbox provider: a trial cancelled at period end ends, and no view calls it cancelling", async () => {
    const casey = await createUser();
    const orderId = await addOrder(casey.email, { aiEmployeeName: "Max" });
    const si = await confirmedSetupIntent(casey);
    const { subscription } = await json<{ subscription: CustomerSubscription }>(
      await completeSubscriptionAs(casey, { setupIntentId: si.setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: orderId }),
    );
    await json(await call(cancelSubscription, { method: "POST", path: "/api/cancel-subscription", cookie: casey.cookie, body: { subscriptionId: subscription.id } }));
    expect((await customerSubs(casey))[0]!.cancelAtPeriodEnd).toBe(true);

    await json(await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: admin.cookie, body: { days: 15 } }));

    const [sub] = await customerSubs(casey);
    expect(sub!.status).toBe("cancelled");
    expect(sub!.cancelAtPeriodEnd).toBe(false);
    expect(sub!.stripeData.stripeCancelAtPeriodEnd).toBe(false);
    const [order] = await customerOrders(casey);
    expect(order!.subscription?.status).toBe("cancelled");
    expect(order!.subscription?.stripeData.stripeCancelAtPeriodEnd).toBe(false);
    const adminView = (await adminSubs(admin)).find((s) => s.id === subscription.id)!;
    expect(adminView.status).toBe("cancelled");
    expect(adminView.cancelAtPeriodEnd || adminView.stripeData.stripeCancelAtPeriodEnd).toBe(false);

    // The ended AI employee can be subscribed again, and its card then follows the new subscription.
    // Casey's one free trial is used (ADR 0105): the checkout says so, and the new subscription is paid at once.
    const again = await confirmedSetupIntent(casey);
    expect(again.trial).toBe(false);
    const promised = await completeSubscriptionAs(casey, { setupIntentId: again.setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: orderId });
    expect(promised.status).toBe(409);
    const renewed = await completeSubscriptionAs(casey, { setupIntentId: again.setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: orderId, trial: false });
    expect(renewed.status).toBe(200);
    const { subscription: second } = await json<{ subscription: CustomerSubscription }>(renewed);
    expect(second.id).not.toBe(subscription.id);
    expect(second.status).toBe("active");
    const [reclaimed] = await customerOrders(casey);
    expect(reclaimed!.subscription?.id).toBe(second.id);
  });
});

describe("ended by the clock, before the provider's event", () => {
  it("GET /api/auth/user reports a subscription whose cancelling period is over as cancelled, as /api/user-subscriptions does", async () => {
    setProviderForTests(undefined);
    const dana = await createUser();
    const sub = await seedSubscription({ accountId: dana.id, status: "active", cancelAtPeriodEnd: true });
    const db = await getDb();
    const changed = await db
      .update(subscriptions)
      .set({ currentPeriodStart: new Date(Date.now() - 31 * DAY), currentPeriodEnd: new Date(Date.now() - DAY) })
      .where(eq(subscriptions.id, sub.id))
      .returning({ id: subscriptions.id });
    expect(changed).toHaveLength(1);
    const me = await json<{ subscription: { id: string; status: string; cancelAtPeriodEnd: boolean } | null }>(await call(authUserRoute, { path: "/api/auth/user", cookie: dana.cookie }));
    expect(me.subscription).toMatchObject({ id: sub.id, status: "cancelled", cancelAtPeriodEnd: false });
    const [listed] = await customerSubs(dana);
    expect(listed).toMatchObject({ id: sub.id, status: "cancelled", cancelAtPeriodEnd: false });
  });
});

describe("past-due subscriptions", () => {
  it("GET /api/user-subscriptions reports past_due, and active again after recovery", async () => {
    const customer = await createUser();
    const sub = await seedSubscription({ accountId: customer.id, status: "past_due" });
    expect((await customerSubs(customer)).map((s) => [s.id, s.status, s.stripeData.stripeStatus])).toEqual([[sub.id, "past_due", "past_due"]]);
    const db = await getDb();
    await db.update(subscriptions).set({ status: "active", providerStatus: "active" }).where(eq(subscriptions.id, sub.id));
    expect((await customerSubs(customer)).map((s) => s.status)).toEqual(["active"]);
  });
});

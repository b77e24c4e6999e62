import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, emailMessages, paymentCustomers, subscriptions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { getProvider, setProviderForTests } from "@/features/billing/provider";
import { syncAccount } from "@/features/billing/sync.server";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { orderSetupEmailJob } from "@/features/orders/orders.server";
import type { AiReadyOrderView, CustomerSubscription } from "@/features/billing/api-types";
import * as adminOrders from "@app/api/admin/ai-ready-orders/route";
import { GET as myOrders } from "@app/api/ai-ready-orders/route";
import { POST as createSubscription } from "@app/api/create-subscription/route";
import { confirmCard } from "./checkout-helpers";
import { GET as userSubscriptions } from "@app/api/user-subscriptions/route";
import { call, completeSubscriptionAs, createUser, json, type TestUser } from "./http-helpers";

/**
 * Issue 23: a customer with a card-backed trial and no AI employee ("AI
 * EMPLOYEE: None linked") received an AI-ready order whose card said "Start
 * Free Trial" again. The waiting subscription now takes the order at once;
 * one AI employee has at most one live subscription.
 */

let admin: TestUser;

/** A card-backed trial through /subscribe, as the page does it. */
async function startTrial(u: TestUser, planId = "medium"): Promise<CustomerSubscription> {
  const start = await json<{ clientSecret: string; setupIntentId: string }>(
    await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: u.cookie, body: { planId, billing: "monthly" } }),
  );
  await json(await confirmCard(u, start.clientSecret));
  const done = await json<{ subscription: CustomerSubscription }>(await completeSubscriptionAs(u, { setupIntentId: start.setupIntentId, planId, billing: "monthly", aiEmployeeId: null, trial: true }));
  return done.subscription;
}

const prepare = (email: string, name: string) =>
  call(adminOrders.POST, {
    method: "POST",
    path: "/api/admin/ai-ready-orders",
    cookie: admin.cookie,
    body: { aiEmployeeName: name, aiPhoneNumber: "+1 (555) 010-2299", customerEmail: email, webChatUrl: `https://chat.example.com/${name.toLowerCase()}`, aiAvatarUrl: null },
  });

const ordersOf = async (u: TestUser) => json<AiReadyOrderView[]>(await call(myOrders, { path: "/api/ai-ready-orders", cookie: u.cookie }));
const subsOf = async (u: TestUser) => json<CustomerSubscription[]>(await call(userSubscriptions, { path: "/api/user-subscriptions", cookie: u.cookie }));

beforeAll(async () => {
  await startJobs({ jobs: [orderSetupEmailJob, billingSyncJob], workers: false });
  setProviderForTests(undefined);
  admin = await createUser({ role: "admin" });
});

describe("an AI-ready order joins the subscription waiting for one", () => {
  it("links the order to the waiting trial at once: no second trial offered, and the e-mail says it joined", async () => {
    const ana = await createUser();
    const sub = await startTrial(ana);
    expect(sub.aiReadyOrderId).toBeNull();

    const created = await json<{ id: string; status: string; subscriptionId: string | null }>(await prepare(ana.email.toUpperCase(), "Rosa"), 201);
    expect(created).toMatchObject({ status: "claimed", subscriptionId: sub.id });

    const [order] = await ordersOf(ana);
    // The card shows the subscription it joined, not "Start Free Trial" (a pending order's button).
    expect(order).toMatchObject({ id: created.id, status: "claimed", joinedSubscription: true, subscription: { id: sub.id, status: "trialing" } });
    expect((await subsOf(ana)).map((s) => [s.id, s.aiReadyOrderId])).toEqual([[sub.id, created.id]]);

    await drainJobs();
    const db = await getDb();
    const mails = await db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, ana.email), eq(emailMessages.kind, "ai-ready-order-setup")));
    expect(mails.map((m) => m.subject)).toEqual(["Your AI employee Rosa has joined your subscription"]);
    expect(mails[0]!.text).toContain("has joined your existing subscription");
    expect(mails[0]!.text).not.toContain("Start Free Trial");
  });

  it("a second order does not take a subscription that has its AI employee; it waits as pending", async () => {
    const bo = await createUser();
    const sub = await startTrial(bo, "small");
    const first = await json<{ id: string; status: string }>(await prepare(bo.email, "Ines"), 201);
    const second = await json<{ id: string; status: string; subscriptionId: string | null }>(await prepare(bo.email, "Jade"), 201);
    expect(first.status).toBe("claimed");
    expect(second).toMatchObject({ status: "pending", subscriptionId: null });
    expect((await subsOf(bo)).map((s) => s.aiReadyOrderId)).toEqual([first.id]);
    // Only the one that joined says so on its card; the pending one offers its own trial.
    expect(Object.fromEntries((await ordersOf(bo)).map((o) => [o.id, o.joinedSubscription]))).toEqual({ [first.id]: true, [second.id]: false });
    expect(sub.id).toBeTruthy();
  });

  it("an order for an address nobody verified, or with no waiting subscription, stays pending", async () => {
    const cy = await createUser({ verified: false });
    await startTrial(cy);
    const created = await json<{ status: string }>(await prepare(cy.email, "Kai"), 201);
    expect(created.status).toBe("pending");
    const nobody = await json<{ status: string }>(await prepare(`nobody-${randomUUID().slice(0, 8)}@example.com`, "Lou"), 201);
    expect(nobody.status).toBe("pending");
  });
});

describe("one AI employee has at most one live subscription", () => {
  it("a second live subscription naming the same AI employee is mirrored without it, and the database refuses a second link", async () => {
    const dee = await createUser();
    const sub = await startTrial(dee);
    const order = await json<{ id: string }>(await prepare(dee.email, "Mia"), 201);
    const db = await getDb();
    const [customer] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.accountId, dee.id));
    // A second subscription at the provider that names the same AI employee (a replayed checkout, the provider's portal).
    await (
      await getProvider()
    ).createTrialSubscription(
      { customerId: customer!.providerCustomerId, planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: { accountId: dee.id, aiReadyOrderId: order.id } },
      `second-${order.id}`,
    );
    await syncAccount(dee.id);
    const live = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.aiReadyOrderId, order.id), ne(subscriptions.status, "cancelled")));
    expect(live.map((r) => r.id)).toEqual([sub.id]);
    const [other] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, dee.id), ne(subscriptions.id, sub.id)));
    expect(other!.aiReadyOrderId).toBeNull();

    // The partial unique index: a second live link is refused; the order keeps its one subscription.
    await expect(db.update(subscriptions).set({ aiReadyOrderId: order.id }).where(eq(subscriptions.id, other!.id))).rejects.toThrow();
    const [stored] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, order.id));
    expect(stored!.subscriptionId).toBe(sub.id);
    // An ended subscription keeps its link: the index counts live ones only.
    await db.update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.id, sub.id));
    const moved = await db.update(subscriptions).set({ aiReadyOrderId: order.id }).where(eq(subscriptions.id, other!.id)).returning({ id: subscriptions.id });
    expect(moved).toHaveLength(1);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { usageReportJob } from "@/features/usage/usage.server";
import { aiReadyOrders, subscriptions } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import type { AiReadyOrderView, CustomerSubscription } from "@/features/billing/api-types";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { SUBSCRIPTION_STATUSES, subscriptionBadge } from "@/features/billing/subscription-state";
import { aiEmployeeCardState } from "@/features/portal/format";
import { isRecordable, RECORDABLE_STATUS_FILTER } from "@/features/usage/components/admin-client";
import type { SubscriptionPeriodResponse } from "@/features/usage/usage.schema";
import { seedSubscription } from "@/features/usage/testing/seed";
import { GET as userSubscriptionsRoute } from "@app/api/user-subscriptions/route";
import { GET as aiReadyOrdersRoute } from "@app/api/ai-ready-orders/route";
import { GET as adminSubscriptionsRoute } from "@app/api/admin/subscriptions/route";
import { GET as periodRoute } from "@app/api/admin/subscription-period/route";
import { POST as addUsageRoute } from "@app/api/admin/add-usage/route";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { confirmCard } from "./checkout-helpers";
import { POST as cancelSubscription } from "@app/api/cancel-subscription/route";
import { POST as advanceClock } from "@app/api/admin/sandbox-clock/route";
import { call, completeSubscriptionAs, createUser, json, type TestUser } from "./http-helpers";

const DAY = 86_400_000;

const customerSubs = async (u: TestUser) => json<CustomerSubscription[]>(await call(userSubscriptionsRoute, { path: "/api/user-subscriptions", cookie: u.cookie }));
const customerOrders = async (u: TestUser) => json<AiReadyOrderView[]>(await call(aiReadyOrdersRoute, { path: "/api/ai-ready-orders", cookie: u.cookie }));

async function addOrder(email: string, name = "Sophie"): Promise<string> {
  const db = await getDb();
  const id = randomUUID();
  await db.insert(aiReadyOrders).values({ id, aiEmployeeName: name, aiPhoneNumber: "+15555550100", customerEmail: email.toLowerCase(), webChatUrl: "https://chat.example.com/x" });
  return id;
}

/** What /billing shows for the AI employee, from the same response the page reads. */
function pageShows(order: AiReadyOrderView) {
  return { card: aiEmployeeCardState(order), badge: order.subscription ? subscriptionBadge(order.subscription).label : null };
}

let admin: TestUser;
beforeAll(async () => {
  setProviderForTests(undefined);
  // Recording usage queues its report to the provider (not run here).
  await startJobs({ jobs: [usageReportJob], workers: false });
  admin = await createUser({ role: "admin" });
});

describe("after a subscription ends at its period end, every API says what the pages say", () => {
  it("sandbox: a subscription cancelled at period end, the clock past that end: /api/ai-ready-orders reports the AI employee ended", async () => {
    const casey = await createUser();
    const orderId = await addOrder(casey.email, "Max");
    const si = await json<{ setupIntentId: string; clientSecret: string }>(await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: casey.cookie, body: {} }));
    await json(await confirmCard(casey, si.clientSecret));
    const { subscription } = await json<{ subscription: CustomerSubscription }>(
      await completeSubscriptionAs(casey, { setupIntentId: si.setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: orderId }),
    );
    await json(await call(cancelSubscription, { method: "POST", path: "/api/cancel-subscription", cookie: casey.cookie, body: { subscriptionId: subscription.id } }));
    const [before] = await customerOrders(casey);
    expect(before!.status).toBe("claimed");
    expect(pageShows(before!).card).toBe("claimed");

    await json(await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: admin.cookie, body: { days: 15 } }));

    // The order row itself still says claimed/active: the APIs derive, as the page does.
    const db = await getDb();
    const [row] = await db.select({ status: aiReadyOrders.status }).from(aiReadyOrders).where(eq(aiReadyOrders.id, orderId));
    expect(row!.status).not.toBe("pending");
    const [order] = await customerOrders(casey);
    expect(order!.status).toBe("ended");
    expect(pageShows(order!)).toEqual({ card: "ended", badge: "Cancelled" });
    expect(order!.subscription?.status).toBe("cancelled");
    const [sub] = await customerSubs(casey);
    expect(sub!.status).toBe("cancelled");
    expect(subscriptionBadge(sub!).label).toBe("Cancelled");
  });

  it("before the provider's event reaches the mirror: a period end that has passed already reads as ended, in every customer API", async () => {
    const dana = await createUser();
    const orderId = await addOrder(dana.email);
    const sub = await seedSubscription({ accountId: dana.id, status: "active", cancelAtPeriodEnd: true, aiReadyOrderId: orderId });
    const db = await getDb();
    const changed = await db
      .update(subscriptions)
      .set({ currentPeriodStart: new Date(Date.now() - 31 * DAY), currentPeriodEnd: new Date(Date.now() - 60_000), upcomingInvoiceAmount: 14900, upcomingInvoiceDate: new Date(Date.now() + 29 * DAY) })
      .where(eq(subscriptions.id, sub.id))
      .returning({ id: subscriptions.id });
    expect(changed).toHaveLength(1);
    await db.update(aiReadyOrders).set({ status: "active", subscriptionId: sub.id, accountId: dana.id, claimedByUserId: dana.id }).where(eq(aiReadyOrders.id, orderId));

    const [order] = await customerOrders(dana);
    expect(order!.status).toBe("ended");
    expect(pageShows(order!)).toEqual({ card: "ended", badge: "Cancelled" });
    expect(order!.subscription).toMatchObject({ status: "cancelled", cancelAtPeriodEnd: false });
    expect(order!.subscription!.stripeData.upcomingInvoice).toBeNull();
    const [view] = await customerSubs(dana);
    expect(view).toMatchObject({ id: sub.id, status: "cancelled", cancelAtPeriodEnd: false });
  });

  it("a subscription still cancelling (its period end ahead) keeps its AI employee active", async () => {
    const eve = await createUser();
    const orderId = await addOrder(eve.email);
    const sub = await seedSubscription({ accountId: eve.id, status: "active", cancelAtPeriodEnd: true, aiReadyOrderId: orderId });
    const db = await getDb();
    await db.update(aiReadyOrders).set({ status: "active", subscriptionId: sub.id, accountId: eve.id, claimedByUserId: eve.id }).where(eq(aiReadyOrders.id, orderId));
    const [order] = await customerOrders(eve);
    expect(order!.status).toBe("active");
    expect(pageShows(order!)).toEqual({ card: "active", badge: "Active" });
    expect(order!.subscription!.cancelAtPeriodEnd).toBe(true);
  });
});

describe("the admin usage picker offers exactly the subscriptions the server records usage for", () => {
  it("past due included, cancelled left out", async () => {
    const owner = await createUser({ firstName: "Pia" });
    const seeded = new Map<string, string>();
    for (const status of SUBSCRIPTION_STATUSES) seeded.set((await seedSubscription({ accountId: owner.id, status, customerId: `cus_pick_${status}_${randomUUID().slice(0, 6)}` })).id, status);

    // The picker's own request and filter (usage-management.tsx).
    const res = await call(adminSubscriptionsRoute, { path: `/api/admin/subscriptions?status=${RECORDABLE_STATUS_FILTER}&account=${owner.id}&limit=20`, cookie: admin.cookie });
    const offered = (await json<AdminSubscription[]>(res)).filter(isRecordable).map((s) => seeded.get(s.id));
    expect(offered.sort()).toEqual(["active", "past_due", "trialing"]);

    // The server: each offered one is accepted, the cancelled one refused with a 400.
    for (const [id, status] of seeded) {
      const period = await json<SubscriptionPeriodResponse>(await call(periodRoute, { path: `/api/admin/subscription-period?subscriptionId=${id}`, cookie: admin.cookie }));
      const cycle = period.billingCycles.find((c) => c.isCurrent) ?? period.billingCycles[0]!;
      const added = await call(addUsageRoute, {
        method: "POST",
        path: "/api/admin/add-usage",
        cookie: admin.cookie,
        body: { accountId: owner.id, subscriptionId: id, billingCycleId: cycle.id, phoneInboundUsage: 1, phoneOutboundUsage: 0, textInboundUsage: 0, textOutboundUsage: 0 },
      });
      expect([status, added.status]).toEqual([status, offered.includes(status) ? 201 : 400]);
      if (added.status === 400) expect(((await added.json()) as { message: string }).message).toBe("Usage can only be recorded for active, trialing or past-due subscriptions");
    }
  });
});

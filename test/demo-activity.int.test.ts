import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, interactions, invoices, subscriptions, user } from "@/db/schema";
import { DEMO_ACTIVE_CUSTOMER } from "@/db/seed";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { seedDemoActivity } from "@/features/interactions/demo-activity.server";
import { GET as getUser } from "@app/api/auth/user/route";
import { call, createUser } from "./http-helpers";

/** Issue 13: the second demo customer's living dashboard (ADR 0150). */

let cookie: string;
let userId: string;

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  const db = await getDb();
  await db.delete(user).where(eq(user.email, DEMO_ACTIVE_CUSTOMER.email));
  const owner = await createUser({ email: DEMO_ACTIVE_CUSTOMER.email, firstName: "Dana" });
  cookie = owner.cookie;
  userId = owner.id;
  await seedDemoActivity();
}, 120_000);

describe("the demo customer with an active subscription", () => {
  it("has a paid Small subscription that started 20 days ago, its AI employee active, and its first invoice paid", async () => {
    const db = await getDb();
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, userId));
    expect(sub).toMatchObject({ status: "active", planId: "small", billing: "monthly" });
    expect(Math.round((Date.now() - sub!.currentPeriodStart!.getTime()) / 86_400_000)).toBe(20);
    const [order] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.subscriptionId, sub!.id));
    expect(order).toMatchObject({ aiEmployeeName: "Max", status: "active", claimedByUserId: userId });
    expect((await db.select().from(invoices).where(eq(invoices.accountId, userId))).map((i) => i.status)).toEqual(["paid"]);
  });

  it("has a month of calls and chats, some with recordings, and a living Usage This Month", async () => {
    const db = await getDb();
    const [counts] = await db
      .select({
        all: sql<number>`count(*)::int`,
        phone: sql<number>`(count(*) filter (where channel = 'phone'))::int`,
        recorded: sql<number>`(count(*) filter (where recording_url is not null))::int`,
        spam: sql<number>`(count(*) filter (where outcome = 'spam'))::int`,
      })
      .from(interactions)
      .where(eq(interactions.accountId, userId));
    expect(counts!.all).toBeGreaterThan(90);
    expect(counts!.phone).toBeGreaterThan(counts!.all / 2);
    expect(counts!.recorded).toBeGreaterThan(15);
    expect(counts!.spam).toBeGreaterThan(0);
    // The calls are a dental practice's, as the business is (not a heating company's).
    const summaries = (await db.select({ summary: interactions.summary }).from(interactions).where(eq(interactions.accountId, userId))).map((r) => r.summary ?? "").join("\n");
    expect(summaries).toMatch(/cleaning and checkup|new patient exam|filling/);
    expect(summaries).not.toMatch(/furnace|AC tune-up/);
    const body = (await (await call(getUser, { path: "/api/auth/user", cookie })).json()) as { subscription: { status: string; usage: { phoneUsed: number }; units: { calls: number } } };
    expect(body.subscription.status).toBe("active");
    expect(body.subscription.usage.phoneUsed).toBeGreaterThan(15);
    expect(body.subscription.units.calls).toBeGreaterThan(30);
  });

  it("seeds once: a second run adds nothing", async () => {
    const db = await getDb();
    const before = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(interactions)
      .where(eq(interactions.accountId, userId));
    await seedDemoActivity();
    const after = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(interactions)
      .where(eq(interactions.accountId, userId));
    expect(after).toEqual(before);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.accountId, userId))).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { subscriptions, usageRecords } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import { FakeProvider } from "@/features/usage/testing/fake-provider";
import { seedSubscription } from "@/features/usage/testing/seed";
import { GET as getUser } from "@app/api/auth/user/route";
import { call, createUser } from "./http-helpers";

/** Spec 9: units reset monthly, also on an annual plan ('Usage This Month' on the dashboard). */

const DAY = 86_400_000;

afterEach(() => setProviderForTests(undefined));

type Summary = { subscription: { billing: string; usage: { phoneUsed: number; textUsed: number } } };

async function insertUsage(sub: { id: string; accountId: string }, period: { start: Date; end: Date }, createdAt: Date, counts: { phoneInbound?: number; textOutbound?: number }) {
  const db = await getDb();
  await db.insert(usageRecords).values({
    id: randomUUID(),
    subscriptionId: sub.id,
    accountId: sub.accountId,
    billingCycleId: `cycle-${Math.floor(period.start.getTime() / 1000)}`,
    periodStart: period.start,
    periodEnd: period.end,
    ...counts,
    createdAt,
    reportedAt: createdAt,
  });
}

describe("Usage This Month on an annual plan", () => {
  it("sums only the current month of the annual period, not the earlier months of the same year", async () => {
    setProviderForTests(new FakeProvider());
    const customer = await createUser({ firstName: "Annie" });
    const sub = await seedSubscription({ accountId: customer.id, billing: "annual" });
    // The annual period started 70 days ago: months [-70, ~-40), [~-40, ~-9), [~-9, ~+21) ...
    const start = new Date(Date.now() - 70 * DAY);
    const end = new Date(start.getTime() + 365 * DAY);
    const db = await getDb();
    await db.update(subscriptions).set({ createdAt: start, trialStart: null, trialEnd: null, currentPeriodStart: start, currentPeriodEnd: end }).where(eq(subscriptions.id, sub.id));
    const annual = { start, end };

    await insertUsage(sub, annual, new Date(Date.now() - 60 * DAY), { phoneInbound: 50, textOutbound: 20 }); // first month
    await insertUsage(sub, annual, new Date(Date.now() - 30 * DAY), { phoneInbound: 40 }); // second month
    await insertUsage(sub, annual, new Date(Date.now() - 2 * DAY), { phoneInbound: 7, textOutbound: 3 }); // this month
    await insertUsage(sub, annual, new Date(Date.now() - 1 * DAY), { phoneInbound: 1 }); // this month

    const res = await call(getUser, { path: "/api/auth/user", cookie: customer.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Summary;
    expect(body.subscription.billing).toBe("annual");
    // Text sessions count half a unit (spec 9; ADR 0144).
    expect(body.subscription.usage).toMatchObject({ phoneUsed: 8, textUsed: 1.5 });
  });

  it("a monthly plan still sums its current period", async () => {
    setProviderForTests(new FakeProvider());
    const customer = await createUser({ firstName: "Monty" });
    const sub = await seedSubscription({ accountId: customer.id });
    const current = { start: sub.currentPeriodStart!, end: sub.currentPeriodEnd! };
    // A monthly period runs from the anchor day, as the provider bills it (usage months are anchor months, ADR 0133).
    await (await getDb()).update(subscriptions).set({ createdAt: current.start }).where(eq(subscriptions.id, sub.id));
    const previous = { start: new Date(current.start.getTime() - 30 * DAY), end: current.start };
    await insertUsage(sub, current, new Date(Date.now() - DAY), { phoneInbound: 4 });
    // Recorded today for the previous cycle: it belongs to last month.
    await insertUsage(sub, previous, new Date(), { phoneInbound: 100 });
    const body = (await (await call(getUser, { path: "/api/auth/user", cookie: customer.cookie })).json()) as Summary;
    expect(body.subscription.usage).toMatchObject({ phoneUsed: 4, textUsed: 0 });
  });
});

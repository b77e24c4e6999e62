import { randomUUID } from "node:crypto";
import { addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { overageEntries, overageLineItems } from "@/db/schema";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { overageBillJob } from "@/features/overage/overage.server";
import { autoBillOverage } from "@/features/overage/auto-bill.server";
import * as autoBill from "@app/api/admin/subscriptions/[id]/auto-bill-overage/route";
import * as period from "@app/api/admin/subscription-period/route";
import { call, type TestUser } from "./http-helpers";
import { adminKeyWithJobs, customerWithAiEmployee, phoneRecord, postInteractions } from "./interactions-fixtures";

/** Issue 13: the admin's usage preview in units, and overage billed at the end of each usage month (ADR 0146). */

let admin: TestUser;
let key: string;

beforeAll(async () => {
  ({ admin, key } = await adminKeyWithJobs([usageAlertsJob, overageBillJob]));
});

/** A Small monthly subscription whose first usage month ended ten days ago, with 126 units in it and 5 in the current month. */
async function busyCustomer(billing: "monthly" | "annual" = "monthly") {
  const createdAt = new Date(Date.now() - 40 * 86_400_000);
  const c = await customerWithAiEmployee({ planId: "small", billing, createdAt, period: { start: addMonths(createdAt, 1), end: addMonths(createdAt, 2) } });
  const at = (days: number) => new Date(createdAt.getTime() + days * 86_400_000).toISOString();
  await postInteractions(key, {
    interactions: [
      ...Array.from({ length: 42 }, () => phoneRecord(c.orderId, { durationSeconds: 400, startedAt: at(5) })),
      ...Array.from({ length: 5 }, () => phoneRecord(c.orderId, { durationSeconds: 60, startedAt: at(35) })),
    ],
  });
  return { ...c, createdAt };
}

async function entriesOf(subscriptionId: string) {
  const db = await getDb();
  const entries = await db.select().from(overageEntries).where(eq(overageEntries.subscriptionId, subscriptionId));
  const items = entries.length ? await db.select().from(overageLineItems).where(eq(overageLineItems.entryId, entries[0]!.id)) : [];
  return { entries, items };
}

describe("the usage preview in units", () => {
  it("shows each cycle's phone and text units and prices the units over the allowance", async () => {
    const c = await busyCustomer();
    const res = await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${c.subscriptionId}`, cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { billingCycles: { id: string; periodStart: string }[]; unitsByCycle: Record<string, { phone: number; extra: number; extraCostCents: number }> };
    const first = body.billingCycles.find((x) => new Date(x.periodStart).getTime() === c.createdAt.getTime())!;
    expect(body.unitsByCycle[first.id]).toMatchObject({ phone: 126, text: 0, includedPerMonth: 120, extra: 6, unitPriceCents: 198, extraCostCents: 1188 });
  });
});

describe("automatic overage billing", () => {
  it("bills an ended month's extra units once, on the next invoice, only when the admin turned it on", async () => {
    const c = await busyCustomer();
    await autoBillOverage();
    expect((await entriesOf(c.subscriptionId!)).entries).toHaveLength(0);

    expect((await call(autoBill.PUT, { method: "PUT", path: "/x", params: { id: c.subscriptionId! }, body: { enabled: true }, cookie: c.user.cookie })).status).toBe(403);
    expect((await call(autoBill.PUT, { method: "PUT", path: "/x", params: { id: c.subscriptionId! }, body: { enabled: "yes" }, cookie: admin.cookie })).status).toBe(400);
    const on = await call(autoBill.PUT, { method: "PUT", path: "/x", params: { id: c.subscriptionId! }, body: { enabled: true }, cookie: admin.cookie });
    expect(await on.json()).toEqual({ id: c.subscriptionId, autoBillOverage: true });

    await Promise.all(Array.from({ length: 4 }, () => autoBillOverage()));
    await autoBillOverage();
    const { entries, items } = await entriesOf(c.subscriptionId!);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ billNow: false, status: "pending", totalAmount: 1188, createdBy: "auto-bill", periodStart: c.createdAt });
    expect(items.map((i) => [i.quantity, i.unitPrice, i.totalPrice])).toEqual([[1, 1188, 1188]]);
    expect(items[0]!.description).toMatch(/^6 extra units \(.+\) at \$1\.98 a unit$/);
  });

  it("does not bill a month an admin already billed by hand", async () => {
    const c = await busyCustomer();
    const db = await getDb();
    await db.insert(overageEntries).values({
      id: randomUUID(),
      subscriptionId: c.subscriptionId!,
      periodStart: c.createdAt,
      periodEnd: addMonths(c.createdAt, 1),
      billNow: false,
      status: "pending",
      createdBy: admin.id,
      totalAmount: 1188,
    });
    await call(autoBill.PUT, { method: "PUT", path: "/x", params: { id: c.subscriptionId! }, body: { enabled: true }, cookie: admin.cookie });
    await autoBillOverage();
    const entries = await db.select().from(overageEntries).where(eq(overageEntries.subscriptionId, c.subscriptionId!));
    expect(entries.map((e) => e.createdBy)).toEqual([admin.id]);
  });

  it("bills an annual plan's month at once, not on an invoice a year away", async () => {
    const c = await busyCustomer("annual");
    await call(autoBill.PUT, { method: "PUT", path: "/x", params: { id: c.subscriptionId! }, body: { enabled: true }, cookie: admin.cookie });
    await autoBillOverage();
    const { entries } = await entriesOf(c.subscriptionId!);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ billNow: true, createdBy: "auto-bill", periodStart: c.createdAt });
  });
});

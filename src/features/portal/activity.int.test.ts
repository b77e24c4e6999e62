import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { invoices, subscriptions, usageRecords } from "@/db/schema";
import { GET } from "@app/api/activity/route";
import { call, createUser } from "../../../test/http-helpers";
import type { ActivityResponse } from "./activity";

async function seedSubscription(accountId: string) {
  const db = await getDb();
  const id = `sub_${randomUUID()}`;
  const start = new Date(Date.now() - 2 * 86400_000);
  await db.insert(subscriptions).values({
    id,
    accountId,
    planId: "medium",
    billing: "monthly",
    status: "trialing",
    cancelAtPeriodEnd: true,
    trialStart: start,
    trialEnd: new Date(start.getTime() + 14 * 86400_000),
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + 14 * 86400_000),
    providerCustomerId: `cus_${randomUUID()}`,
    providerSubscriptionId: `psub_${randomUUID()}`,
    createdAt: start,
    updatedAt: new Date(Date.now() - 86400_000),
  });
  await db.insert(usageRecords).values({
    id: `use_${randomUUID()}`,
    subscriptionId: id,
    accountId,
    billingCycleId: "cycle-1",
    periodStart: start,
    periodEnd: new Date(start.getTime() + 14 * 86400_000),
    phoneInbound: 3,
    phoneOutbound: 2,
    textInbound: 1,
    textOutbound: 0,
  });
  await db.insert(invoices).values({
    id: `inv_${randomUUID()}`,
    accountId,
    providerInvoiceId: `pinv_${randomUUID()}`,
    providerSubscriptionId: null,
    description: "Medium plan",
    amountDue: 42000,
    amountPaid: 42000,
    status: "paid",
    issuedAt: new Date(Date.now() - 3600_000),
  });
}

describe("GET /api/activity", () => {
  it("refuses anonymous callers", async () => {
    const res = await call(GET, { path: "/api/activity" });
    expect(res.status).toBe(401);
  });

  it("lists the caller's own usage, subscription and invoice events, newest first", async () => {
    const owner = await createUser();
    const other = await createUser();
    await seedSubscription(owner.id);

    const res = await call(GET, { path: "/api/activity", cookie: owner.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ActivityResponse;
    expect(body.sample).toBe(false);
    const descriptions = body.entries.map((e) => e.description);
    expect(descriptions).toEqual([
      "5 phone sessions recorded",
      "1 text session recorded",
      "Invoice paid: $420.00",
      "Cancellation scheduled for the Medium plan",
      "Free trial started on the Medium plan",
    ]);
    const times = body.entries.map((e) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);

    // Another customer sees none of it: only sample entries, flagged as such.
    const otherRes = await call(GET, { path: "/api/activity", cookie: other.cookie });
    const otherBody = (await otherRes.json()) as ActivityResponse;
    expect(otherBody.sample).toBe(true);
    expect(otherBody.entries.length).toBeGreaterThan(0);
    expect(otherBody.entries.every((e) => e.id.startsWith("sample-"))).toBe(true);
  });
});

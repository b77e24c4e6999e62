import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders } from "@/db/schema";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { seedSubscription } from "@/features/usage/testing/seed";
import { subscriptionLabels } from "@/features/usage/components/subscription-label";
import * as subscriptionList from "@app/api/admin/subscriptions/route";
import { call, createUser, type TestUser } from "../../../test/http-helpers";
import { phoneSearchDigits } from "./admin-subscriptions.server";

let admin: TestUser;
let customer: TestUser;
let withE164: string;
let withDashes: string;
// Numbers of this file only: 555-01x-xxxx with random last digits.
const last4 = String(1000 + Math.floor(Math.random() * 8999));
const e164 = `+1555010${last4}`;
const dashed = `(555) 019-${last4}`;

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  customer = await createUser({ firstName: "Ana" });
  const db = await getDb();
  const order = async (name: string, phone: string, subscriptionId: string) =>
    db.insert(aiReadyOrders).values({ id: randomUUID(), aiEmployeeName: name, aiPhoneNumber: phone, customerEmail: customer.email, webChatUrl: "https://chat.example.com/x", subscriptionId });
  withE164 = (await seedSubscription({ accountId: customer.id, planId: "medium" })).id;
  withDashes = (await seedSubscription({ accountId: customer.id, planId: "small" })).id;
  await order("Sophie", e164, withE164);
  await order("Nova", dashed, withDashes);
});

async function search(q: string): Promise<AdminSubscription[]> {
  const res = await call(subscriptionList.GET, { path: `/api/admin/subscriptions?q=${encodeURIComponent(q)}&account=${customer.id}`, cookie: admin.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as AdminSubscription[];
}

describe("admin subscription search by phone number, as people type it", () => {
  it.each([e164, `1555010${last4}`, `555010${last4}`, `555-010-${last4}`, `(555) 010-${last4}`, `010-${last4}`])("%s finds the AI employee stored as +1555010xxxx", async (q) => {
    expect((await search(q)).map((s) => s.id)).toEqual([withE164]);
  });

  it.each([`+1555019${last4}`, `555019${last4}`, `555-019-${last4}`])("%s finds the AI employee stored as (555) 019-xxxx", async (q) => {
    expect((await search(q)).map((s) => s.id)).toEqual([withDashes]);
  });

  it("another number finds neither; a name with digits is not read as a number", async () => {
    expect(await search(`555-010-${(Number(last4) + 1) % 10000}`)).toEqual([]);
    expect(phoneSearchDigits("agent9 1234")).toBeNull();
    expect(phoneSearchDigits("+1 (555) 010-2299")).toBe("5550102299");
    expect(phoneSearchDigits("55")).toBeNull();
  });

  it("names the two subscriptions of this one customer apart: AI employee, plan, start date", async () => {
    const both = await search("");
    expect(both).toHaveLength(2);
    const labels = subscriptionLabels(both);
    expect(labels.get(withE164)).toMatch(/^Sophie — Medium — started \w{3} \d{1,2}, \d{4}$/);
    expect(labels.get(withDashes)).toMatch(/^Nova — Small — started /);
  });
});

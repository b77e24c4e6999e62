import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";
import { aiReadyOrders } from "@/db/schema";
import { resetConfigForTests } from "@/lib/config";
import { setProviderForTests } from "@/features/billing/provider";
import type { PaymentProvider } from "@/features/billing/provider/port";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { FakeProvider } from "@/features/usage/testing/fake-provider";
import { seedSubscription } from "@/features/usage/testing/seed";
import * as subsList from "@app/api/admin/subscriptions/route";
import * as createSub from "@app/api/test/create-subscription/route";
import * as meterUsage from "@app/api/test/meter-usage/route";
import * as defaults from "@app/api/test/defaults/route";
import { call, createUser, type TestUser } from "./http-helpers";

let admin: TestUser;
let customer: TestUser;

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  customer = await createUser({ firstName: "Nina", email: `nina-${randomUUID().slice(0, 6)}@example.com` });
});
afterEach(() => {
  setProviderForTests(undefined);
  setEnv({ ENABLE_TEST_TOOLS: undefined, TEST_STRIPE_CUSTOMER_ID: undefined, TEST_STRIPE_PRICE_ID: undefined, TEST_STRIPE_METER_PRICE_ID: undefined });
});

describe("GET /api/admin/subscriptions", () => {
  it("lists the mirror with user, AI employee, flags and derived cycles without calling the provider", async () => {
    // Any provider call would throw.
    setProviderForTests(new Proxy({}, { get: () => () => Promise.reject(new Error("provider must not be called")) }) as unknown as PaymentProvider);
    const db = await getDb();
    const orderId = randomUUID();
    await db
      .insert(aiReadyOrders)
      .values({ id: orderId, aiEmployeeName: "Sophie", aiPhoneNumber: "+15550100", customerEmail: customer.email, webChatUrl: "https://chat.example.com", status: "claimed" });
    const active = await seedSubscription({ accountId: customer.id, trial: true, aiReadyOrderId: orderId, providerStatus: "past_due", cancelAtPeriodEnd: true });
    const trialing = await seedSubscription({ accountId: customer.id, status: "trialing" });

    const res = await call(subsList.GET, { path: "/api/admin/subscriptions", cookie: admin.cookie });
    expect(res.status).toBe(200);
    const list = (await res.json()) as AdminSubscription[];
    const a = list.find((s) => s.id === active.id)!;
    expect(a.user).toMatchObject({ email: customer.email, firstName: "Nina", lastName: "User" });
    expect(a.aiReadyOrder).toEqual({ aiPhoneNumber: "+15550100", aiEmployeeName: "Sophie" });
    expect(a.plan.name).toBe("Small");
    expect(a.status).toBe("active");
    expect(a.stripeData.stripeStatus).toBe("past_due");
    expect(a.cancelAtPeriodEnd).toBe(true);
    expect(a.stripeData.billingCycles.length).toBeGreaterThan(1);
    expect(a.stripeData.billingCycles.filter((c) => c.isCurrent)).toHaveLength(1);
    const t = list.find((s) => s.id === trialing.id)!;
    expect(t.stripeData.billingCycles).toEqual([]);
    expect(t.stripeData.daysInTrial).toBe(12);
  });
});

describe("test tools", () => {
  it("answer 404 to an admin unless ENABLE_TEST_TOOLS is on", async () => {
    setEnv({ ENABLE_TEST_TOOLS: "false" });
    for (const [handler, method] of [
      [createSub.POST, "POST"],
      [meterUsage.POST, "POST"],
      [defaults.GET, "GET"],
    ] as const) {
      const res = await call(handler, { method, path: "/api/test/x", cookie: admin.cookie, body: method === "POST" ? { customerId: "cus_1" } : undefined });
      expect(res.status).toBe(404);
    }
    // Still admin-only before anything else.
    expect((await call(createSub.POST, { method: "POST", path: "/api/test/create-subscription", cookie: customer.cookie, body: {} })).status).toBe(403);
  });

  it("take ids from configuration when not given, and say what is missing", async () => {
    const fake = new FakeProvider();
    setProviderForTests(fake);
    setEnv({ ENABLE_TEST_TOOLS: "true" });
    let res = await call(meterUsage.POST, { method: "POST", path: "/api/test/meter-usage", cookie: admin.cookie, body: { meterPriceId: "x" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Missing Customer ID");

    setEnv({ ENABLE_TEST_TOOLS: "true", TEST_STRIPE_CUSTOMER_ID: "cus_cfg", TEST_STRIPE_PRICE_ID: "price_small_monthly", TEST_STRIPE_METER_PRICE_ID: "price_usage_phone_inbound_small_monthly" });
    expect(await (await call(defaults.GET, { path: "/api/test/defaults", cookie: admin.cookie })).json()).toEqual({
      customerId: "cus_cfg",
      testPriceId: "price_small_monthly",
      meterPriceId: "price_usage_phone_inbound_small_monthly",
    });
    res = await call(createSub.POST, { method: "POST", path: "/api/test/create-subscription", cookie: admin.cookie, body: {} });
    expect(res.status).toBe(200);
    const created = (await res.json()) as { success: boolean; customer: { id: string }; subscription: { id: string } };
    expect(created.success).toBe(true);
    expect(created.customer.id).toBe("cus_cfg");
    expect(fake.subscriptions.get(created.subscription.id)?.planId).toBe("small");

    res = await call(meterUsage.POST, { method: "POST", path: "/api/test/meter-usage", cookie: admin.cookie, body: {} });
    expect(res.status).toBe(200);
    const charged = (await res.json()) as { success: boolean; meterUsage: { invoice_id: string; total_amount_charged: number } };
    expect(charged.success).toBe(true);
    // sessions default 3 at the metered price
    expect(charged.meterUsage.total_amount_charged).toBe(3 * 198);
    expect(fake.meterTotal("cus_cfg", "phone_inbound")).toBe(3);

    res = await call(createSub.POST, { method: "POST", path: "/api/test/create-subscription", cookie: admin.cookie, body: { testPriceId: "price_unknown" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { success: boolean; error: string }).error).toContain("price_unknown");
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setProviderForTests } from "@/features/billing/provider";
import { LoopbackStripe, list } from "@/features/billing/provider/testing/loopback-stripe";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { createTestSubscription } from "@/features/test-tools/test-tools.server";
import { POST as cancelSubscription } from "@app/api/cancel-subscription/route";
import { call, type TestUser } from "./http-helpers";
import { offerSmallMonthlyPrice, stripeModeCustomer, stripeSubscriptionJson } from "./checkout-helpers";

const T0 = Math.floor(Date.now() / 1000);
const DAY = 86_400;

/**
 * Idempotency keys name one intent. The loopback API applies Stripe's rule
 * (a repeated key replays the first answer; other parameters are refused).
 */
describe("idempotency keys against a loopback Stripe", () => {
  const api = new LoopbackStripe();
  let user: TestUser;
  const customer = `cus_${randomUUID().slice(0, 8)}`;
  const remote = stripeSubscriptionJson({ id: "sub_cancel_1", customer, status: "active", created: T0, periodEnd: T0 + 30 * DAY });
  /** Cancel requests that reached the API's handler (replays do not). */
  let cancelsApplied = 0;

  beforeAll(async () => {
    user = await stripeModeCustomer(api, customer, { secretKey: "sk_test_keys" });
    api.on("GET", "/v1/subscriptions", () => ({ body: list([remote]) }));
    api.on("GET", "/v1/invoices", { body: list([]) });
    api.on("POST", "/v1/invoices/create_preview", { body: { object: "invoice", amount_due: 14900, period_end: T0 + 30 * DAY, next_payment_attempt: null } });
    // Cancel decides on the provider's own state (issue 23): it reads the subscription first.
    api.on("GET", `/v1/subscriptions/${remote.id}`, () => ({ body: { ...remote } }));
    api.on("POST", `/v1/subscriptions/${remote.id}`, (r) => {
      cancelsApplied++;
      remote.cancel_at_period_end = r.params.cancel_at_period_end === "true";
      remote.cancel_at = remote.cancel_at_period_end ? T0 + 30 * DAY : null;
      return { body: { ...remote } };
    });
    await syncCustomerSubscriptions(customer);
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await api.stop();
  });

  const cancel = async () => {
    const res = await call(cancelSubscription, { method: "POST", path: "/api/cancel-subscription", cookie: user.cookie, body: {} });
    expect(res.status).toBe(200);
    return ((await res.json()) as { subscription: CustomerSubscription }).subscription;
  };

  it("cancel, renew in the portal, cancel again: the second cancel is a new request, not a replay", async () => {
    // A double click: both requests carry the same key, and Stripe applies the cancel once.
    const [a, b] = await Promise.all([cancel(), cancel()]);
    expect(a.cancelAtPeriodEnd && b.cancelAtPeriodEnd).toBe(true);
    expect(cancelsApplied).toBe(1);

    // The customer renews in Stripe's portal; the webhook re-reads the subscription.
    remote.cancel_at_period_end = false;
    remote.cancel_at = null;
    await syncCustomerSubscriptions(customer);

    const again = await cancel();
    expect(cancelsApplied).toBe(2);
    expect(remote.cancel_at_period_end).toBe(true);
    expect(again.cancelAtPeriodEnd).toBe(true);
  });

  it("the admin test tool starts a subscription without a trial and sends no trial_period_days", async () => {
    offerSmallMonthlyPrice(api);
    api.on("POST", "/v1/subscriptions", { body: { ...remote, id: "sub_tool_1", customer: "cus_tool", trial_start: null, trial_end: null } });
    const result = await createTestSubscription({ customerId: "cus_tool", testPriceId: "price_small_m" });
    expect(result).toMatchObject({ status: 200, body: { success: true, subscription: { id: "sub_tool_1" } } });
    const [create] = api.find("POST", "/v1/subscriptions");
    expect(create!.params.customer).toBe("cus_tool");
    expect(create!.params).not.toHaveProperty("trial_period_days");
  });
});

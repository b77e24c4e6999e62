import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { setProviderForTests } from "@/features/billing/provider";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import { LoopbackStripe, list } from "@/features/billing/provider/testing/loopback-stripe";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { createTestSubscription } from "@/features/test-tools/test-tools.server";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { POST as createPortalSession } from "@app/api/create-portal-session/route";
import { POST as cancelSubscription } from "@app/api/cancel-subscription/route";
import { call, type TestUser } from "./http-helpers";
import { offerSmallMonthlyPrice, stripeModeCustomer, stripeSubscriptionJson } from "./checkout-helpers";

const T0 = Math.floor(Date.now() / 1000);
const DAY = 86_400;

/** Stripe's own words for failures that are ours or Stripe's, never the customer's. */
const PROVIDER_FAILURES: Array<{ name: string; status: number; error: Record<string, unknown> }> = [
  {
    name: "invalid_request_error",
    status: 400,
    error: {
      type: "invalid_request_error",
      code: "resource_missing",
      param: "customer",
      message: "No such customer: 'cus_gone'; a similar object exists in live mode, but a test mode key was used to make this request.",
    },
  },
  { name: "api_error", status: 500, error: { type: "api_error", message: "An unknown error occurred at api.stripe.com (req_SECRET123)" } },
  {
    name: "idempotency_error",
    status: 400,
    error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'setup-x'." },
  },
  { name: "authentication", status: 401, error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_live_****************abcd" } },
  { name: "rate limit", status: 429, error: { type: "invalid_request_error", code: "rate_limit", message: "Request rate limit exceeded for sk_live_…abcd." } },
];

function subJson(id: string, customer: string) {
  return stripeSubscriptionJson({ id, customer, status: "active", created: T0, periodEnd: T0 + 30 * DAY });
}

/**
 * Provider messages do not reach customers: only a card error (a decline)
 * passes through; every other provider failure answers with our own words,
 * and the provider's details go to the log.
 */
describe("provider errors in API responses (Stripe mode, loopback API)", () => {
  const api = new LoopbackStripe();
  let user: TestUser;
  const customer = `cus_${randomUUID().slice(0, 8)}`;
  let subRowId: string;

  beforeAll(async () => {
    user = await stripeModeCustomer(api, customer, { secretKey: "sk_test_errors" });
    const db = await getDb();
    api.on("GET", "/v1/subscriptions", { body: list([subJson("sub_err_1", customer)]) });
    api.on("GET", "/v1/invoices", { body: list([]) });
    api.on("POST", "/v1/invoices/create_preview", { body: { object: "invoice", amount_due: 14900, period_end: T0 + 30 * DAY, next_payment_attempt: null } });
    await syncCustomerSubscriptions(customer);
    const { subscriptions } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, "sub_err_1"));
    subRowId = row!.id;
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    setProviderForTests(undefined);
    await api.stop();
  });

  it.each(PROVIDER_FAILURES)("a $name from the provider answers our own message and logs the provider's", async ({ status, error }) => {
    const logged = vi.spyOn(logger, "error");
    api.on("POST", "/v1/setup_intents", { status, body: { error } });
    const res = await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: user.cookie, body: {} });
    expect(res.status).toBeGreaterThanOrEqual(500);
    const { message } = (await res.json()) as { message: string };
    expect(message).not.toContain(String(error.message).slice(0, 20));
    expect(message).not.toMatch(/stripe|sk_|req_|idempoten|cus_/i);
    expect(message).toMatch(/payment/i);
    expect(logged).toHaveBeenCalled();
    expect(JSON.stringify(logged.mock.calls)).toContain(String(error.message).slice(0, 20));
  });

  it("a connection failure answers our own message", async () => {
    const logged = vi.spyOn(logger, "error");
    setProviderForTests(new StripeProvider({ secretKey: "sk_test_errors", webhookSecret: "whsec_x", apiHost: "http://127.0.0.1:1", maxNetworkRetries: 0 }));
    try {
      const res = await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: user.cookie, body: {} });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe("The payment provider is not reachable. Please try again.");
      expect(logged).toHaveBeenCalled();
    } finally {
      setProviderForTests(new StripeProvider({ secretKey: "sk_test_errors", webhookSecret: "whsec_x", apiHost: api.url, maxNetworkRetries: 0 }));
    }
  });

  it("a card error (a decline) reaches the customer in the provider's words", async () => {
    api.on("POST", "/v1/setup_intents", {
      status: 402,
      body: { error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." } },
    });
    const res = await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: user.cookie, body: {} });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Your card has insufficient funds." });
  });

  it("a portal that cannot open (no configuration at Stripe) answers 'Failed to open customer portal'", async () => {
    const logged = vi.spyOn(logger, "error");
    api.on("GET", "/v1/billing_portal/configurations", { body: list([]) });
    api.on("POST", "/v1/billing_portal/sessions", {
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          message:
            "No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.",
        },
      },
    });
    const res = await call(createPortalSession, { method: "POST", path: "/api/create-portal-session", cookie: user.cookie, body: {} });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: "Failed to open customer portal" });
    expect(JSON.stringify(logged.mock.calls)).toContain("No configuration provided");
  });

  it("a cancel the provider refuses answers our own message", async () => {
    // Cancel reads the subscription at the provider first (issue 23).
    api.on("GET", "/v1/subscriptions/sub_err_1", { body: subJson("sub_err_1", customer) });
    api.on("POST", "/v1/subscriptions/sub_err_1", {
      status: 400,
      body: { error: { type: "invalid_request_error", message: "You cannot update a subscription that is `canceled` or `incomplete_expired`." } },
    });
    const res = await call(cancelSubscription, { method: "POST", path: "/api/cancel-subscription", cookie: user.cookie, body: { subscriptionId: subRowId } });
    expect(res.status).toBe(502);
    const { message } = (await res.json()) as { message: string };
    expect(message).toBe("Failed to cancel the subscription. Please try again later.");
  });

  it("the admin test tool answers our own message, not the provider's", async () => {
    offerSmallMonthlyPrice(api);
    api.on("POST", "/v1/subscriptions", { status: 400, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such customer: 'cus_test_tool'" } } });
    const result = await createTestSubscription({ customerId: "cus_test_tool", testPriceId: "price_small_m" });
    expect(result.status).toBe(502);
    expect(result.body).toEqual({ success: false, error: "Failed to create the test subscription" });
  });
});

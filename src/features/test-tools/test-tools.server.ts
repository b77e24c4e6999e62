import "server-only";
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import { badRequest, notFound } from "@/lib/http/errors";
import { getProvider } from "@/features/billing/provider";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { METER_EVENT_NAMES, ProviderError } from "@/features/billing/provider/port";
import { parsePlanLookupKey } from "@/features/billing/provider/prices";
import { createTestSubscriptionSchema, meterUsageSchema, type CreateTestSubscriptionResponse, type MeterUsageResponse, type TestToolDefaults } from "./test-tools.schema";
import { isLive } from "@/features/billing/subscription-state";

/** Test tools exist only when ENABLE_TEST_TOOLS is on; otherwise the routes are 404. */
export function requireTestTools(): void {
  if (!config().ENABLE_TEST_TOOLS) throw notFound();
}

export function testToolDefaults(): TestToolDefaults {
  const c = config();
  return { customerId: c.TEST_STRIPE_CUSTOMER_ID ?? "", testPriceId: c.TEST_STRIPE_PRICE_ID ?? "", meterPriceId: c.TEST_STRIPE_METER_PRICE_ID ?? "" };
}

/**
 * The answer to a provider failure, a 502: a card error keeps the provider's
 * message (the decline is what the admin needs to see); any other provider
 * failure answers our own `failure` and its details go to the log. Errors
 * that are not the provider's are thrown again.
 */
function providerFailure(err: unknown, failure: string): { status: 502; body: { success: false; error: string } } {
  if (!(err instanceof ProviderError)) throw err;
  if (!err.isCardError) logger.error({ provider: { type: err.type, code: err.code, retryable: err.retryable, message: err.message } }, `test tools: ${failure}`);
  return { status: 502, body: { success: false, error: err.isCardError ? err.message : failure } };
}

/**
 * What a tool acts on: the customer and the price (the form's, else the
 * TEST_STRIPE_* default; a 400 when either is missing), the provider, and
 * the provider's price with that id (undefined when it has none).
 */
async function testTarget(input: { customerId?: string; testPriceId?: string; meterPriceId?: string }, priceField: "testPriceId" | "meterPriceId", missingPrice: string) {
  const defaults = testToolDefaults();
  const customerId = input.customerId || defaults.customerId;
  const priceId = input[priceField] || defaults[priceField];
  if (!customerId) throw badRequest("Missing Customer ID");
  if (!priceId) throw badRequest(missingPrice);
  const provider = await getProvider();
  const price = (await provider.listPrices()).find((p) => p.id === priceId);
  return { customerId, priceId, provider, price };
}

/** POST /api/test/create-subscription: a subscription on a plan price for a test customer. */
export async function createTestSubscription(body: unknown): Promise<{ status: number; body: CreateTestSubscriptionResponse }> {
  const { customerId, priceId, provider, price } = await testTarget(createTestSubscriptionSchema.parse(body), "testPriceId", "Missing test price ID (set TEST_STRIPE_PRICE_ID or enter one)");
  const plan = parsePlanLookupKey(price?.lookupKey);
  if (!price || !plan) return { status: 400, body: { success: false, error: `No plan price with id ${priceId}` } };
  try {
    const sub = await provider.createTrialSubscription(
      { customerId, planId: plan.planId, billing: plan.billing, paymentMethodId: null, trialDays: 0, metadata: { source: "admin-test-tools" } },
      `test-subscription-${randomUUID()}`,
    );
    // Mirror it when the customer belongs to one of our users (no-op otherwise).
    await syncCustomerSubscriptions(customerId).catch(() => undefined);
    return { status: 200, body: { success: true, customer: { id: customerId }, subscription: { id: sub.id } } };
  } catch (err) {
    return providerFailure(err, "Failed to create the test subscription");
  }
}

/**
 * POST /api/test/meter-usage: reports `sessions` units on the meter of a
 * metered price for the customer, then bills them on a one-off invoice.
 */
export async function chargeTestMeterUsage(body: unknown): Promise<{ status: number; body: MeterUsageResponse }> {
  const input = meterUsageSchema.parse(body);
  const { customerId, priceId, provider, price } = await testTarget(input, "meterPriceId", "Missing meter price ID (set TEST_STRIPE_METER_PRICE_ID or enter one)");
  const eventName = METER_EVENT_NAMES.find((n) => n === price?.meterEventName);
  if (!price || price.usageType !== "metered" || !eventName) {
    return { status: 400, body: { success: false, error: `No metered price with id ${priceId}` } };
  }
  try {
    const subs = await provider.listSubscriptions(customerId);
    const sub = subs.find((s) => isLive(s.status));
    if (!sub) return { status: 400, body: { success: false, error: "The test customer has no active subscription" } };
    const runId = randomUUID();
    const now = await provider.now();
    await provider.reportMeterEvent({ eventName, customerId, value: input.sessions, identifier: `test-meter-${runId}`, timestamp: now });
    const invoice = await provider.createInvoiceNow(
      {
        customerId,
        subscriptionId: sub.id,
        lines: [{ priceId: price.id, productName: price.productName, description: `Test meter usage: ${input.sessions} sessions`, quantity: input.sessions, unitAmount: price.unitAmount }],
        period: { start: sub.currentPeriodStart ?? now, end: sub.currentPeriodEnd ?? new Date(now.getTime() + 1000) },
        metadata: { source: "admin-test-tools" },
      },
      `test-meter-invoice-${runId}`,
    );
    return { status: 200, body: { success: true, meterUsage: { invoice_id: invoice.id, total_amount_charged: invoice.amountDue } } };
  } catch (err) {
    return providerFailure(err, "Failed to charge the test meter usage");
  }
}

import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../port";
import { StripeProvider } from "../../stripe-provider.server";
import { StripeFake } from "./index";

const DAY = 86_400_000;

/** The adapter's calls the lifecycle does not make, against the fake: meter events and the clean-up after a refusal half-way. */
describe("StripeProvider against the stateful fake", () => {
  const fake = new StripeFake();
  let provider: StripeProvider;
  let stripe: Stripe;
  let customer: string;
  let sub: string;
  let usagePrice: string;

  beforeAll(async () => {
    await fake.start();
    provider = new StripeProvider({ secretKey: "sk_test_fake", webhookSecret: "whsec_fake", apiHost: fake.url, maxNetworkRetries: 0 });
    stripe = provider.stripe;
    const product = await stripe.products.create({ name: "Phone Inbound Usage" });
    const plan = await stripe.products.create({ name: "Small Plan" });
    const meter = await stripe.billing.meters.create({
      display_name: "Phone",
      event_name: "phone_inbound",
      default_aggregation: { formula: "sum" },
      customer_mapping: { type: "by_id", event_payload_key: "stripe_customer_id" },
      value_settings: { event_payload_key: "value" },
    });
    usagePrice = (await stripe.prices.create({ currency: "usd", product: product.id, unit_amount: 198, recurring: { interval: "month", usage_type: "metered", meter: meter.id } })).id;
    const planPrice = await stripe.prices.create({ currency: "usd", product: plan.id, unit_amount: 14_900, recurring: { interval: "month" }, lookup_key: "plan_small_monthly" });
    customer = (await provider.createCustomer({ email: "a@example.com", name: "A", accountId: "u1" }, "customer-u1")).id;
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer });
    sub = (await provider.createTrialSubscription({ customerId: customer, planId: "small", billing: "monthly", paymentMethodId: pm.id, trialDays: 0, metadata: {} }, "no-trial")).id;
    expect(fake.get(sub)).toMatchObject({ status: "active", items: { data: [{ price: { id: planPrice.id } }] } });
  });
  afterAll(() => fake.stop());

  const line = (priceId: string | null) => ({ priceId, productName: "Phone Inbound Usage", description: "Overage", quantity: 2, unitAmount: 198 });
  const period = { start: new Date(Date.now() - DAY), end: new Date() };

  it("meter events inside Stripe's window are accepted; outside it the adapter gets a non-retryable invalid_request_error", async () => {
    await provider.reportMeterEvent({ eventName: "phone_inbound", customerId: customer, value: 4, identifier: "usage-1-phone", timestamp: new Date(Date.now() - 2 * DAY) });
    const err = await provider
      .reportMeterEvent({ eventName: "phone_inbound", customerId: customer, value: 4, identifier: "usage-2-phone", timestamp: new Date(Date.now() - 40 * DAY) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ type: "invalid_request_error", retryable: false });
  });

  it("bill now: a line refused half-way deletes the draft, leaving nothing to bill", async () => {
    const before = fake.state.invoices.size;
    const err = await provider
      .createInvoiceNow({ customerId: customer, subscriptionId: sub, lines: [line(usagePrice), line("price_missing")], period, metadata: { overage_entry_id: "e1" } }, "overage-e1")
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "resource_missing", retryable: false });
    expect(fake.state.invoices.size).toBe(before);
    expect([...fake.state.invoiceItems.values()].filter((i) => i.customer === customer)).toEqual([]);
  });

  it("next invoice: a line refused half-way deletes the pending items already made", async () => {
    const err = await provider.addPendingInvoiceItems({ customerId: customer, subscriptionId: sub, lines: [line(usagePrice), line("price_missing")], period }, "overage-e2").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "resource_missing" });
    expect([...fake.state.invoiceItems.values()].filter((i) => i.customer === customer)).toEqual([]);
    expect(fake.api.find("DELETE", /^\/v1\/invoiceitems\//)).toHaveLength(1);
  });

  it("bill now with a card that declines: the invoice stays open with its hosted URL", async () => {
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: failing.id } });
    await stripe.subscriptions.update(sub, { default_payment_method: failing.id });
    const inv = await provider.createInvoiceNow({ customerId: customer, subscriptionId: sub, lines: [line(usagePrice)], period, metadata: { overage_entry_id: "e3" } }, "overage-e3");
    expect(inv).toMatchObject({ status: "open", amountDue: 396, subscriptionId: sub });
    expect(inv.hostedInvoiceUrl).toMatch(/^https:\/\/invoice\.stripe\.com\//);
    // A one-off invoice does not move the subscription (only its own cycle invoices do).
    expect((await provider.retrieveSubscription(sub))?.status).toBe("active");
  });
});

import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StripeFake } from "./index";
import { refusal, sdk } from "./sdk-for-tests";

const DAY = 86_400;

/** Each documented rule the fake enforces; removing one makes its test fail. */
describe("stripe fake: documented rules", () => {
  let fake: StripeFake;
  let stripe: Stripe;
  beforeEach(async () => {
    fake = await new StripeFake().start();
    stripe = sdk(fake);
  });
  afterEach(() => fake.stop());

  it("unknown parameters: 400 invalid_request_error 'Received unknown parameter: <name>', nested keys by their top-level name", async () => {
    const err = await refusal(stripe.customers.create({ email: "a@example.com", colour: "blue" } as Stripe.CustomerCreateParams));
    expect(err.statusCode).toBe(400);
    expect(err.type).toBe("StripeInvalidRequestError");
    expect(err.code).toBe("parameter_unknown");
    expect(err.message).toBe("Received unknown parameter: colour");
    // A removed parameter of the pinned API version: SetupIntent payment_method_types (stripe@23).
    const c = await stripe.customers.create({ email: "b@example.com", metadata: { userId: "u1" } });
    const si = await refusal(stripe.setupIntents.create({ customer: c.id, payment_method_types: ["card"] } as Stripe.SetupIntentCreateParams));
    expect(si.message).toBe("Received unknown parameter: payment_method_types");
    // Known nested parameters pass.
    const ok = await stripe.setupIntents.create({ customer: c.id, allowed_payment_method_types: ["card"], usage: "off_session", metadata: { a: "b" } });
    expect(ok.status).toBe("requires_payment_method");
    // A refused request is not saved under its idempotency key: the corrected retry runs.
    await refusal(stripe.customers.create({ email: "c@example.com", colour: "red" } as Stripe.CustomerCreateParams, { idempotencyKey: "k-1" }));
    const retried = await stripe.customers.create({ email: "c@example.com" }, { idempotencyKey: "k-1" });
    expect(retried.email).toBe("c@example.com");
  });

  it("the same idempotency key with other parameters: idempotency_error; with the same ones: the first answer replayed", async () => {
    const first = await stripe.customers.create({ email: "x@example.com" }, { idempotencyKey: "same" });
    const again = await stripe.customers.create({ email: "x@example.com" }, { idempotencyKey: "same" });
    expect(again.id).toBe(first.id);
    const err = await refusal(stripe.customers.create({ email: "y@example.com" }, { idempotencyKey: "same" }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("invoice items take one-time prices only: a recurring price is refused, price_data passes", async () => {
    const product = await stripe.products.create({ name: "Plan" });
    const recurring = await stripe.prices.create({ currency: "usd", product: product.id, unit_amount: 1000, recurring: { interval: "month" } });
    const c = await stripe.customers.create({ email: "i@example.com" });
    const err = await refusal(stripe.invoiceItems.create({ customer: c.id, pricing: { price: recurring.id }, quantity: 1 }));
    expect(err.statusCode).toBe(400);
    expect(err.param).toBe("pricing[price]");
    const item = await stripe.invoiceItems.create({ customer: c.id, price_data: { currency: "usd", product: product.id, unit_amount: 250 }, quantity: 2 });
    expect(item.amount).toBe(500);
  });

  async function meterSetup() {
    const c = await stripe.customers.create({ email: "m@example.com" });
    await stripe.billing.meters.create({
      display_name: "Calls",
      event_name: "calls",
      default_aggregation: { formula: "sum" },
      customer_mapping: { type: "by_id", event_payload_key: "stripe_customer_id" },
      value_settings: { event_payload_key: "value" },
    });
    const now = Math.floor(Date.now() / 1000);
    const event = (identifier: string, timestamp: number, value = "3") =>
      stripe.billing.meterEvents.create({ event_name: "calls", payload: { stripe_customer_id: c.id, value }, identifier, timestamp });
    return { now, event };
  }

  it("meter events: the timestamp is at most 35 days back and at most 5 minutes ahead", async () => {
    const { now, event } = await meterSetup();
    const old = await refusal(event("old", now - 36 * DAY));
    expect([old.statusCode, old.param]).toEqual([400, "timestamp"]);
    const ahead = await refusal(event("ahead", now + 10 * 60));
    expect([ahead.statusCode, ahead.param]).toEqual([400, "timestamp"]);
    await event("edge-past", now - 34 * DAY);
    await event("edge-ahead", now + 4 * 60);
    expect(fake.state.meterEvents.map((e) => e.identifier)).toEqual(["edge-past", "edge-ahead"]);
  });

  it("meter events: a repeated identifier is answered like any accepted event but counted once", async () => {
    const { now, event } = await meterSetup();
    const first = await event("usage-1", now - 60);
    const repeat = await event("usage-1", now - 30, "5");
    expect([first.identifier, repeat.identifier]).toEqual(["usage-1", "usage-1"]);
    expect(fake.state.meterEvents.filter((e) => e.counted).map((e) => [e.identifier, e.value])).toEqual([["usage-1", 3]]);
  });

  it("a portal session needs a configuration: none saved and none named -> 400; a named one -> a session", async () => {
    const c = await stripe.customers.create({ email: "p@example.com" });
    const err = await refusal(stripe.billingPortal.sessions.create({ customer: c.id, return_url: "https://example.com/billing" }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toMatch(/default configuration has not been created/);
    const config = await stripe.billingPortal.configurations.create({ features: { invoice_history: { enabled: true } } });
    expect(config.is_default).toBe(false);
    // An API-made configuration is not the default: still refused without `configuration`.
    await refusal(stripe.billingPortal.sessions.create({ customer: c.id, return_url: "https://example.com/billing" }));
    const session = await stripe.billingPortal.sessions.create({ customer: c.id, return_url: "https://example.com/billing", configuration: config.id });
    expect(session.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
  });

  it("a portal session without `configuration` uses the Dashboard's default configuration once it is saved", async () => {
    const saved = await new StripeFake({ dashboardPortalDefault: true }).start();
    try {
      const s2 = sdk(saved);
      const c = await s2.customers.create({ email: "d@example.com" });
      const session = await s2.billingPortal.sessions.create({ customer: c.id, return_url: "https://example.com/billing" });
      expect(session.configuration).toMatch(/^bpc_/);
    } finally {
      await saved.stop();
    }
  });

  it("no trial: the first invoice is charged at once; with error_if_incomplete a declined charge is a 402 and no subscription is made", async () => {
    const product = await stripe.products.create({ name: "Small Plan" });
    const price = await stripe.prices.create({ currency: "usd", product: product.id, unit_amount: 14_900, recurring: { interval: "month" } });
    const customerWith = async (card: string) => {
      const c = await stripe.customers.create({ email: `${card}@example.com` });
      const pm = await stripe.paymentMethods.attach(card, { customer: c.id });
      return { customer: c.id, pm: pm.id };
    };
    const good = await customerWith("pm_card_visa");
    const paid = await stripe.subscriptions.create({
      customer: good.customer,
      items: [{ price: price.id }],
      default_payment_method: good.pm,
      payment_behavior: "error_if_incomplete",
      expand: ["latest_invoice"],
    });
    expect(paid.status).toBe("active");
    expect(paid.trial_end).toBeNull();
    expect(paid.latest_invoice).toMatchObject({ status: "paid", amount_paid: 14_900 });
    const bad = await customerWith("pm_card_chargeCustomerFail");
    const err = await refusal(stripe.subscriptions.create({ customer: bad.customer, items: [{ price: price.id }], default_payment_method: bad.pm, payment_behavior: "error_if_incomplete" }));
    expect([err.statusCode, err.type, err.code]).toEqual([402, "StripeCardError", "card_declined"]);
    expect((await stripe.subscriptions.list({ customer: bad.customer, status: "all" })).data).toEqual([]);
    // Without error_if_incomplete the declined first invoice leaves an incomplete subscription (the default, allow_incomplete).
    const incomplete = await stripe.subscriptions.create({ customer: bad.customer, items: [{ price: price.id }], default_payment_method: bad.pm });
    expect(incomplete.status).toBe("incomplete");
  });

  it("rate limits: while limited a request answers 429 rate_limit (with the Retry-After asked for) and is not carried out; its retry runs", async () => {
    fake.rateLimit({ requests: 2, path: "/v1/customers", method: "POST", retryAfterSeconds: 7 });
    const limited = await refusal(stripe.customers.create({ email: "r@example.com" }, { idempotencyKey: "rl-1" }));
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect([limited.statusCode, limited.code]).toEqual([429, "rate_limit"]);
    expect(limited.headers?.["retry-after"]).toBe("7");
    expect(limited.headers?.["stripe-rate-limited-reason"]).toBeTruthy();
    expect(fake.state.customers.size).toBe(0);
    // Other endpoints are not limited by this one.
    await stripe.products.create({ name: "Plan" });
    await refusal(stripe.customers.create({ email: "r@example.com" }, { idempotencyKey: "rl-1" }));
    expect(fake.state.customers.size).toBe(0);
    // The limit passed: the same request under the same key runs (a 429 is not saved under the key).
    const made = await stripe.customers.create({ email: "r@example.com" }, { idempotencyKey: "rl-1" });
    expect(made.email).toBe("r@example.com");
    expect(fake.api.find("POST", "/v1/customers")).toHaveLength(3);
  });

  it("retrieving an unknown id: 404 resource_missing", async () => {
    for (const p of [
      stripe.customers.retrieve("cus_nope"),
      stripe.subscriptions.retrieve("sub_nope"),
      stripe.invoices.retrieve("in_nope"),
      stripe.setupIntents.retrieve("seti_nope"),
      stripe.prices.retrieve("price_nope"),
    ]) {
      const err = await refusal(p);
      expect([err.statusCode, err.code]).toEqual([404, "resource_missing"]);
    }
  });
});

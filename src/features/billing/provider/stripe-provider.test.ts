import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LoopbackStripe, list } from "./testing/loopback-stripe";
import { paidInvoiceJson } from "./testing/stripe-json";
import { STRIPE_API_VERSION, StripeProvider } from "./stripe-provider.server";
import { ProviderError } from "./port";

/** The caller's key followed by the digest of the parameters (idempotencyKeyFor). */
const keyFor = (intent: string) => new RegExp(`^${intent.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-[0-9a-f]{16}$`);

const T0 = 1_794_999_960; // a fixed unix time on a minute boundary
const DAY = 86_400;

function subscriptionJson(over: Record<string, unknown> = {}) {
  return {
    id: "sub_1",
    object: "subscription",
    customer: "cus_1",
    status: "trialing",
    cancel_at_period_end: false,
    cancel_at: null,
    created: T0,
    trial_start: T0,
    trial_end: T0 + 14 * DAY,
    metadata: { userId: "u1" },
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          object: "subscription_item",
          current_period_start: T0,
          current_period_end: T0 + 14 * DAY,
          price: { id: "price_small_m", object: "price", lookup_key: "plan_small_monthly", unit_amount: 14900, currency: "usd" },
        },
      ],
    },
    ...over,
  };
}

function invoiceJson(over: Record<string, unknown> = {}) {
  return {
    ...paidInvoiceJson({ id: "in_1", customer: "cus_1", subscription: "sub_1", periodStart: T0 }),
    number: "ABC-0001",
    parent: { type: "subscription_details", subscription_details: { subscription: "sub_1", metadata: {} } },
    lines: { object: "list", data: [{ id: "il_1", description: "1 × Small Plan (at $149.00 / month)" }] },
    ...over,
  };
}

/** A catalogue usage price as Stripe returns it: recurring and metered, so invoice items may not name it. */
function meteredPrice(id: string, product: string, unitAmount: number) {
  return {
    id,
    object: "price",
    type: "recurring",
    unit_amount: unitAmount,
    currency: "usd",
    product,
    recurring: { interval: "month", usage_type: "metered", meter: "mtr_1" },
  };
}

describe("Stripe adapter at the HTTP level (loopback server)", () => {
  const api = new LoopbackStripe();
  let stripe: StripeProvider;

  beforeAll(async () => {
    await api.start();
    stripe = new StripeProvider({ secretKey: "sk_test_123", webhookSecret: "whsec_test_secret", apiHost: api.url, maxNetworkRetries: 0 });
  });
  afterAll(() => api.stop());
  beforeEach(() => {
    api.requests.length = 0;
  });

  it("tells real time and leaves period changes to webhooks", async () => {
    const before = Date.now();
    const now = (await stripe.now()).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(stripe.periodsAdvanceWithoutWebhooks).toBe(false);
    expect(api.requests).toHaveLength(0);
  });

  it("pins the SDK's API version on every request", async () => {
    api.on("POST", "/v1/customers", { body: { id: "cus_1", object: "customer" } });
    await stripe.createCustomer({ email: "a@example.com", name: "Ann Lee", accountId: "u1" }, "customer-u1");
    expect(STRIPE_API_VERSION).toBe("2026-10-28.endive");
    expect(api.requests[0]!.stripeVersion).toBe(STRIPE_API_VERSION);
  });

  it("creates a customer with an idempotency key", async () => {
    api.on("POST", "/v1/customers", { body: { id: "cus_1", object: "customer" } });
    const c = await stripe.createCustomer({ email: "a@example.com", name: "Ann Lee", accountId: "u1" }, "customer-u1");
    expect(c).toEqual({ id: "cus_1" });
    const [req] = api.find("POST", "/v1/customers");
    expect(req!.params).toEqual({ email: "a@example.com", name: "Ann Lee", "metadata[accountId]": "u1" });
    expect(req!.idempotencyKey).toMatch(keyFor("customer-u1"));
  });

  it("creates and reads setup intents (card-first checkout)", async () => {
    api.on("POST", "/v1/setup_intents", {
      body: { id: "seti_1", object: "setup_intent", customer: "cus_1", status: "requires_payment_method", client_secret: "seti_1_secret_x", payment_method: null, last_setup_error: null },
    });
    const si = await stripe.createSetupIntent("cus_1", "setup-u1-1");
    expect(si).toEqual({ id: "seti_1", customerId: "cus_1", status: "requires_payment_method", clientSecret: "seti_1_secret_x", paymentMethodId: null, lastError: null });
    const [req] = api.find("POST", "/v1/setup_intents");
    // Cards only (ADR 0089): no redirect-based method, no bank debit.
    expect(req!.params).toEqual({ customer: "cus_1", "allowed_payment_method_types[0]": "card", usage: "off_session" });
    expect(req!.idempotencyKey).toMatch(keyFor("setup-u1-1"));

    api.on("GET", "/v1/setup_intents/seti_2", {
      body: {
        id: "seti_2",
        object: "setup_intent",
        customer: "cus_1",
        status: "requires_payment_method",
        client_secret: "seti_2_secret_y",
        payment_method: null,
        last_setup_error: { code: "card_declined", message: "Your card was declined." },
      },
    });
    const failed = await stripe.retrieveSetupIntent("seti_2");
    expect(failed.lastError).toBe("Your card was declined.");
  });

  it("starts a trial subscription on the plan price found by lookup key, with the card as default", async () => {
    api.on("GET", "/v1/prices", { body: list([{ id: "price_small_m", object: "price", lookup_key: "plan_small_monthly", unit_amount: 14900 }]) });
    api.on("POST", "/v1/customers/cus_1", { body: { id: "cus_1", object: "customer" } });
    api.on("POST", "/v1/subscriptions", { body: subscriptionJson() });
    const sub = await stripe.createTrialSubscription(
      { customerId: "cus_1", planId: "small", billing: "monthly", paymentMethodId: "pm_1", trialDays: 14, metadata: { userId: "u1" } },
      "complete-seti_1",
    );
    const [prices] = api.find("GET", "/v1/prices");
    expect(prices!.query).toEqual({ "lookup_keys[0]": "plan_small_monthly", active: "true", limit: "1" });
    const [cust] = api.find("POST", "/v1/customers/cus_1");
    expect(cust!.params).toEqual({ "invoice_settings[default_payment_method]": "pm_1" });
    expect(cust!.idempotencyKey).toMatch(keyFor("complete-seti_1-default-pm"));
    const [create] = api.find("POST", "/v1/subscriptions");
    expect(create!.params).toEqual({
      customer: "cus_1",
      "items[0][price]": "price_small_m",
      default_payment_method: "pm_1",
      trial_period_days: "14",
      "trial_settings[end_behavior][missing_payment_method]": "cancel",
      "metadata[userId]": "u1",
      "metadata[planId]": "small",
      "metadata[billing]": "monthly",
    });
    expect(create!.idempotencyKey).toMatch(keyFor("complete-seti_1"));
    // Periods are read from the subscription item (basil and later).
    expect(sub).toMatchObject({
      id: "sub_1",
      customerId: "cus_1",
      status: "trialing",
      planId: "small",
      billing: "monthly",
      cancelAtPeriodEnd: false,
      currentPeriodStart: new Date(T0 * 1000),
      currentPeriodEnd: new Date((T0 + 14 * DAY) * 1000),
      trialEnd: new Date((T0 + 14 * DAY) * 1000),
    });
  });

  it("subscription-first: default_incomplete with the pending setup intent's client secret", async () => {
    api.on("GET", "/v1/prices", { body: list([{ id: "price_med_a", object: "price", lookup_key: "plan_medium_annual" }]) });
    api.on("POST", "/v1/setup_intents/seti_9", { body: { id: "seti_9", object: "setup_intent", metadata: { subscriptionId: "sub_1" } } });
    api.on("POST", "/v1/subscriptions", {
      body: subscriptionJson({
        pending_setup_intent: { id: "seti_9", object: "setup_intent", client_secret: "seti_9_secret_z", metadata: {} },
        items: { object: "list", data: [{ id: "si_9", current_period_start: T0, current_period_end: T0 + 14 * DAY, price: { id: "price_med_a", lookup_key: "plan_medium_annual" } }] },
      }),
    });
    const r = await stripe.createSubscriptionWithPendingSetup({ customerId: "cus_1", planId: "medium", billing: "annual", trialDays: 14, metadata: { userId: "u1" } }, "subscribe-u1-medium-annual-1");
    expect(r.clientSecret).toBe("seti_9_secret_z");
    expect(r.subscription).toMatchObject({ planId: "medium", billing: "annual" });
    const [create] = api.find("POST", "/v1/subscriptions");
    expect(create!.params).toMatchObject({
      customer: "cus_1",
      "items[0][price]": "price_med_a",
      trial_period_days: "14",
      payment_behavior: "default_incomplete",
      "payment_settings[save_default_payment_method]": "on_subscription",
      "expand[0]": "pending_setup_intent",
      "expand[1]": "latest_invoice.confirmation_secret",
    });
    expect(create!.idempotencyKey).toMatch(keyFor("subscribe-u1-medium-annual-1"));
    // A trial nobody gives a card ends rather than invoicing (item 2 of issue 10).
    expect(create!.params["trial_settings[end_behavior][missing_payment_method]"]).toBe("cancel");
    expect(create!.params["payment_settings[payment_method_types][0]"]).toBe("card");
    // The pending setup intent is tagged with its subscription, for makeSetupCardDefault.
    const [tag] = api.find("POST", "/v1/setup_intents/seti_9");
    expect(tag!.params).toEqual({ "metadata[subscriptionId]": "sub_1" });
  });

  it("resumes a pending setup only while the trial still waits for a card", async () => {
    api.on("GET", "/v1/subscriptions/sub_1", (req) => ({
      body: subscriptionJson({
        pending_setup_intent:
          req.query["expand[0]"] === "pending_setup_intent" ? { id: "seti_9", object: "setup_intent", status: "requires_payment_method", client_secret: "seti_9_secret_z" } : "seti_9",
      }),
    }));
    const resumed = await stripe.resumePendingSetup("sub_1");
    expect(resumed).toMatchObject({ clientSecret: "seti_9_secret_z", subscription: { id: "sub_1", status: "trialing" } });

    api.on("GET", "/v1/subscriptions/sub_1", { body: subscriptionJson({ pending_setup_intent: null }) });
    expect(await stripe.resumePendingSetup("sub_1")).toBeNull();
    api.on("GET", "/v1/subscriptions/sub_1", {
      body: subscriptionJson({ status: "canceled", pending_setup_intent: { id: "seti_9", object: "setup_intent", status: "requires_payment_method", client_secret: "s" } }),
    });
    expect(await stripe.resumePendingSetup("sub_1")).toBeNull();
  });

  it("makes a succeeded setup intent's card the customer's and its subscription's default", async () => {
    api.on("GET", "/v1/setup_intents/seti_9", {
      body: { id: "seti_9", object: "setup_intent", customer: "cus_1", status: "succeeded", payment_method: "pm_7", metadata: { subscriptionId: "sub_1" } },
    });
    api.on("POST", "/v1/customers/cus_1", { body: { id: "cus_1", object: "customer" } });
    api.on("POST", "/v1/subscriptions/sub_1", { body: subscriptionJson() });
    await stripe.makeSetupCardDefault("seti_9", "default-card-seti_9");
    const [cust] = api.find("POST", "/v1/customers/cus_1");
    expect(cust!.params).toEqual({ "invoice_settings[default_payment_method]": "pm_7" });
    const [sub] = api.find("POST", "/v1/subscriptions/sub_1");
    expect(sub!.params).toEqual({ default_payment_method: "pm_7" });
    expect(sub!.idempotencyKey).toMatch(keyFor("default-card-seti_9-subscription"));

    // Not succeeded: nothing changes.
    api.on("GET", "/v1/setup_intents/seti_8", { body: { id: "seti_8", object: "setup_intent", customer: "cus_1", status: "requires_payment_method", payment_method: null } });
    await stripe.makeSetupCardDefault("seti_8", "default-card-seti_8");
    expect(api.find("POST", "/v1/customers/cus_1")).toHaveLength(1);
  });

  it("refuses to subscribe when billing:sync has not created the price", async () => {
    api.on("GET", "/v1/prices", { body: list([]) });
    await expect(stripe.createTrialSubscription({ customerId: "cus_1", planId: "large", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, "k")).rejects.toMatchObject({
      code: "resource_missing",
      message: expect.stringContaining("plan_large_monthly"),
    });
  });

  it("cancels at period end, lists subscriptions and previews the upcoming invoice", async () => {
    api.on("POST", "/v1/subscriptions/sub_1", { body: subscriptionJson({ status: "active", cancel_at_period_end: true, cancel_at: T0 + 44 * DAY }) });
    const s = await stripe.cancelAtPeriodEnd("sub_1", "cancel-sub_1");
    const [upd] = api.find("POST", "/v1/subscriptions/sub_1");
    expect(upd!.params).toEqual({ cancel_at_period_end: "true" });
    expect(upd!.idempotencyKey).toMatch(keyFor("cancel-sub_1"));
    expect(s).toMatchObject({ status: "active", cancelAtPeriodEnd: true, cancelAt: new Date((T0 + 44 * DAY) * 1000) });

    api.on("GET", "/v1/subscriptions", { body: list([subscriptionJson()]) });
    const subs = await stripe.listSubscriptions("cus_1");
    expect(subs.map((x) => x.id)).toEqual(["sub_1"]);
    expect(api.find("GET", "/v1/subscriptions")[0]!.query).toMatchObject({ customer: "cus_1", status: "all" });

    api.on("POST", "/v1/invoices/create_preview", {
      body: { object: "invoice", customer: "cus_1", amount_due: 14900, period_end: T0 + 14 * DAY, next_payment_attempt: T0 + 14 * DAY + 3600 },
    });
    const up = await stripe.upcomingInvoice("cus_1", "sub_1");
    expect(api.find("POST", "/v1/invoices/create_preview")[0]!.params).toEqual({ customer: "cus_1", subscription: "sub_1" });
    expect(up).toEqual({ amountDue: 14900, periodEnd: new Date((T0 + 14 * DAY) * 1000), nextPaymentAttempt: new Date((T0 + 14 * DAY + 3600) * 1000) });
  });

  it("parses invoices with the subscription under parent.subscription_details", async () => {
    api.on("GET", "/v1/invoices", { body: list([invoiceJson(), invoiceJson({ id: "in_draft", status: "draft" })]) });
    const invs = await stripe.listInvoices("cus_1", 20);
    expect(api.find("GET", "/v1/invoices")[0]!.query).toEqual({ customer: "cus_1", limit: "20" });
    expect(invs).toHaveLength(1);
    expect(invs[0]).toEqual({
      id: "in_1",
      customerId: "cus_1",
      subscriptionId: "sub_1",
      status: "paid",
      description: "1 × Small Plan (at $149.00 / month)",
      amountDue: 14900,
      amountPaid: 14900,
      currency: "usd",
      hostedInvoiceUrl: "https://invoice.stripe.com/i/in_1",
      invoicePdfUrl: "https://pay.stripe.com/invoice/in_1/pdf",
      periodStart: new Date(T0 * 1000),
      periodEnd: new Date((T0 + 14 * DAY) * 1000),
      createdAt: new Date((T0 + 14 * DAY) * 1000),
      metadata: {},
    });
  });

  it("reports meter events with string values and our identifier", async () => {
    api.on("POST", "/v1/billing/meter_events", { body: { object: "billing.meter_event", event_name: "phone_inbound", identifier: "usage-r1-phone_inbound" } });
    await stripe.reportMeterEvent({ eventName: "phone_inbound", customerId: "cus_1", value: 42, identifier: "usage-r1-phone_inbound", timestamp: new Date(T0 * 1000) });
    const [req] = api.find("POST", "/v1/billing/meter_events");
    expect(req!.params).toEqual({
      event_name: "phone_inbound",
      "payload[stripe_customer_id]": "cus_1",
      "payload[value]": "42",
      identifier: "usage-r1-phone_inbound",
      timestamp: String(T0),
    });
    expect(req!.idempotencyKey).toMatch(keyFor("meter-usage-r1-phone_inbound"));
    await expect(stripe.reportMeterEvent({ eventName: "text_inbound", customerId: "cus_1", value: 1.5, identifier: "x", timestamp: new Date() })).rejects.toBeInstanceOf(ProviderError);
  });

  it("bills a one-off invoice: draft excluding pending items, items by price_data (the catalogue's prices are recurring) or custom amount, finalize with automatic collection, pay", async () => {
    api.on("POST", "/v1/invoices", { body: invoiceJson({ id: "in_9", status: "draft", amount_due: 0, amount_paid: 0 }) });
    api.on("GET", "/v1/prices/price_pi", { body: meteredPrice("price_pi", "prod_pi", 165) });
    api.on("POST", "/v1/invoiceitems", { body: { id: "ii_1", object: "invoiceitem" } });
    api.on("POST", "/v1/invoices/in_9/finalize", { body: invoiceJson({ id: "in_9", status: "open", amount_paid: 0, amount_due: 1325, hosted_invoice_url: "https://invoice.stripe.com/i/in_9" }) });
    api.on("POST", "/v1/invoices/in_9/pay", { body: invoiceJson({ id: "in_9", status: "paid", amount_paid: 1325, amount_due: 1325, hosted_invoice_url: "https://invoice.stripe.com/i/in_9" }) });
    const inv = await stripe.createInvoiceNow(
      {
        customerId: "cus_1",
        subscriptionId: "sub_1",
        lines: [
          { priceId: "price_pi", productName: "Phone Inbound Usage", description: "5 extra phone units", quantity: 5, unitAmount: 165 },
          { priceId: "price_pi", productName: "Phone Inbound Usage", description: "2 units at a discount", quantity: 2, unitAmount: 100 },
          { priceId: null, productName: "Setup", description: "Advanced setup", quantity: 1, unitAmount: 300 },
        ],
        period: { start: new Date(T0 * 1000), end: new Date((T0 + 30 * DAY) * 1000) },
        metadata: { overage_entry_id: "oe_1" },
      },
      "overage-oe_1",
    );
    const [draft] = api.find("POST", "/v1/invoices");
    expect(draft!.params).toEqual({
      customer: "cus_1",
      subscription: "sub_1",
      auto_advance: "false",
      pending_invoice_items_behavior: "exclude",
      collection_method: "charge_automatically",
      "metadata[overage_entry_id]": "oe_1",
      // The entry's key, so what a failed entry left can be found (discardUnfinishedBilling).
      "metadata[billing_key]": "overage-oe_1",
    });
    expect(draft!.idempotencyKey).toMatch(keyFor("overage-oe_1"));
    const items = api.find("POST", "/v1/invoiceitems");
    expect(items).toHaveLength(3);
    expect(items[0]!.params).toEqual({
      customer: "cus_1",
      invoice: "in_9",
      quantity: "5",
      description: "5 extra phone units",
      "period[start]": String(T0),
      "period[end]": String(T0 + 30 * DAY),
      "price_data[currency]": "usd",
      "price_data[product]": "prod_pi",
      "price_data[unit_amount]": "165",
      "metadata[billing_key]": "overage-oe_1",
    });
    expect(items[1]!.params).toMatchObject({ "price_data[currency]": "usd", "price_data[product]": "prod_pi", "price_data[unit_amount]": "100", quantity: "2" });
    expect(items[2]!.params).toMatchObject({ currency: "usd", unit_amount_decimal: "300", quantity: "1", description: "Advanced setup" });
    expect(items.map((i) => i.idempotencyKey)).toEqual([keyFor("overage-oe_1-item-0"), keyFor("overage-oe_1-item-1"), keyFor("overage-oe_1-item-2")].map((k) => expect.stringMatching(k)));
    // The price is fetched once for both lines.
    expect(api.find("GET", "/v1/prices/price_pi")).toHaveLength(1);
    expect(items.some((i) => "pricing[price]" in i.params)).toBe(false);
    expect(api.find("POST", "/v1/invoices/in_9/finalize")[0]!.params).toEqual({ auto_advance: "true" });
    expect(api.find("POST", "/v1/invoices/in_9/pay")[0]!.idempotencyKey).toMatch(keyFor("overage-oe_1-pay"));
    expect(inv).toMatchObject({ id: "in_9", status: "paid", amountPaid: 1325, hostedInvoiceUrl: "https://invoice.stripe.com/i/in_9" });
  });

  it("a declined payment of a one-off invoice leaves it open with its hosted URL", async () => {
    api.on("POST", "/v1/invoices", { body: invoiceJson({ id: "in_d", status: "draft" }) });
    api.on("POST", "/v1/invoiceitems", { body: { id: "ii_2", object: "invoiceitem" } });
    api.on("POST", "/v1/invoices/in_d/finalize", { body: invoiceJson({ id: "in_d", status: "open", amount_paid: 0, hosted_invoice_url: "https://invoice.stripe.com/i/in_d" }) });
    api.on("POST", "/v1/invoices/in_d/pay", {
      status: 402,
      body: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } },
    });
    const inv = await stripe.createInvoiceNow(
      {
        customerId: "cus_1",
        subscriptionId: "sub_1",
        lines: [{ priceId: null, productName: "x", description: "x", quantity: 1, unitAmount: 500 }],
        period: { start: new Date(T0 * 1000), end: new Date((T0 + DAY) * 1000) },
        metadata: {},
      },
      "overage-oe_2",
    );
    expect(inv).toMatchObject({ status: "open", hostedInvoiceUrl: "https://invoice.stripe.com/i/in_d" });
  });

  it("adds pending invoice items to the subscription's next invoice", async () => {
    api.on("POST", "/v1/invoiceitems", { body: { id: "ii_3", object: "invoiceitem" } });
    await stripe.addPendingInvoiceItems(
      {
        customerId: "cus_1",
        subscriptionId: "sub_1",
        lines: [{ priceId: null, productName: "Text", description: "10 text sessions", quantity: 10, unitAmount: 83 }],
        period: { start: new Date(T0 * 1000), end: new Date((T0 + DAY) * 1000) },
      },
      "overage-oe_3",
    );
    const [req] = api.find("POST", "/v1/invoiceitems");
    expect(req!.params).toMatchObject({ customer: "cus_1", subscription: "sub_1", quantity: "10", unit_amount_decimal: "83" });
    expect(req!.params.invoice).toBeUndefined();
    expect(req!.idempotencyKey).toMatch(keyFor("overage-oe_3-0"));
  });

  it("the loopback refuses an invoice item naming a recurring price, as Stripe does", async () => {
    api.on("GET", "/v1/prices/price_rec", { body: meteredPrice("price_rec", "prod_rec", 100) });
    api.on("POST", "/v1/invoiceitems", { body: { id: "ii_rec", object: "invoiceitem" } });
    await expect(stripe.stripe.invoiceItems.create({ customer: "cus_1", pricing: { price: "price_rec" } })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      message: expect.stringContaining("type=one_time"),
    });
    const ok = await stripe.stripe.invoiceItems.create({ customer: "cus_1", price_data: { currency: "usd", product: "prod_rec", unit_amount: 100 } });
    expect(ok.id).toBe("ii_rec");
  });

  it("adds pending items for catalogue prices with price_data, never pricing.price", async () => {
    api.on("GET", "/v1/prices/price_tx", { body: meteredPrice("price_tx", "prod_tx", 83) });
    api.on("POST", "/v1/invoiceitems", { body: { id: "ii_tx", object: "invoiceitem" } });
    await stripe.addPendingInvoiceItems(
      {
        customerId: "cus_1",
        subscriptionId: "sub_1",
        lines: [{ priceId: "price_tx", productName: "Text", description: "10 text sessions", quantity: 10, unitAmount: 83 }],
        period: { start: new Date(T0 * 1000), end: new Date((T0 + DAY) * 1000) },
      },
      "overage-oe_tx",
    );
    const [req] = api.find("POST", "/v1/invoiceitems");
    expect(req!.params).toMatchObject({ subscription: "sub_1", quantity: "10", "price_data[product]": "prod_tx", "price_data[unit_amount]": "83", "price_data[currency]": "usd" });
    expect(req!.params["pricing[price]"]).toBeUndefined();
  });

  const twoLines = (priceA: string, priceB: string) => [
    { priceId: priceA, productName: "Phone", description: "phone", quantity: 2, unitAmount: 165 },
    { priceId: priceB, productName: "Text", description: "text", quantity: 3, unitAmount: 83 },
  ];

  it("bill now: a refusal half-way deletes the draft, so nothing of the entry is billed", async () => {
    api.on("POST", "/v1/invoices", { body: invoiceJson({ id: "in_half", status: "draft", amount_due: 0, amount_paid: 0 }) });
    api.on("GET", "/v1/prices/price_ok", { body: meteredPrice("price_ok", "prod_ok", 165) });
    api.on("GET", "/v1/prices/price_gone", { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such price: 'price_gone'" } } });
    api.on("POST", "/v1/invoiceitems", { body: { id: "ii_half", object: "invoiceitem" } });
    api.on("GET", "/v1/invoices/in_half", { body: invoiceJson({ id: "in_half", status: "draft" }) });
    api.on("DELETE", "/v1/invoices/in_half", { body: { id: "in_half", object: "invoice", deleted: true } });
    const err = await stripe
      .createInvoiceNow(
        { customerId: "cus_1", subscriptionId: "sub_1", lines: twoLines("price_ok", "price_gone"), period: { start: new Date(T0 * 1000), end: new Date((T0 + DAY) * 1000) }, metadata: {} },
        "overage-oe_half",
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(false);
    expect(api.find("POST", "/v1/invoiceitems")).toHaveLength(1);
    expect(api.find("DELETE", "/v1/invoices/in_half")).toHaveLength(1);
    expect(api.find("POST", "/v1/invoices/in_half/finalize")).toHaveLength(0);
  });

  it("next invoice: a refusal half-way deletes the pending items already made for the entry", async () => {
    api.on("GET", "/v1/prices/price_ok2", { body: meteredPrice("price_ok2", "prod_ok2", 165) });
    api.on("POST", "/v1/invoiceitems", (r) =>
      r.params["price_data[product]"] === "prod_ok2"
        ? { body: { id: "ii_first", object: "invoiceitem" } }
        : { status: 400, body: { error: { type: "invalid_request_error", code: "parameter_invalid_integer", message: "Invalid integer" } } },
    );
    api.on("DELETE", "/v1/invoiceitems/ii_first", { body: { id: "ii_first", object: "invoiceitem", deleted: true } });
    await expect(
      stripe.addPendingInvoiceItems(
        {
          customerId: "cus_1",
          subscriptionId: "sub_1",
          lines: [twoLines("price_ok2", "x")[0]!, { priceId: null, productName: "Setup", description: "setup", quantity: 1, unitAmount: 300 }],
          period: { start: new Date(T0 * 1000), end: new Date((T0 + DAY) * 1000) },
        },
        "overage-oe_half2",
      ),
    ).rejects.toMatchObject({ retryable: false });
    expect(api.find("POST", "/v1/invoiceitems")).toHaveLength(2);
    expect(api.find("DELETE", "/v1/invoiceitems/ii_first")).toHaveLength(1);
  });

  it("a retryable failure half-way leaves what was made; the retry under the same keys completes the one invoice", async () => {
    api.on("POST", "/v1/invoices", { body: invoiceJson({ id: "in_retry", status: "draft", amount_due: 0, amount_paid: 0 }) });
    api.on("GET", "/v1/prices/price_r1", { body: meteredPrice("price_r1", "prod_r1", 165) });
    api.on("GET", "/v1/prices/price_r2", { body: meteredPrice("price_r2", "prod_r2", 83) });
    let limited = 1;
    api.on("POST", "/v1/invoiceitems", (r) => {
      if (r.params["price_data[product]"] === "prod_r2" && limited-- > 0) {
        return { status: 429, body: { error: { type: "invalid_request_error", code: "rate_limit", message: "Too many requests" } } };
      }
      return { body: { id: `ii_${r.params["price_data[product]"]}`, object: "invoiceitem" } };
    });
    api.on("POST", "/v1/invoices/in_retry/finalize", { body: invoiceJson({ id: "in_retry", status: "open", amount_paid: 0, amount_due: 579 }) });
    api.on("POST", "/v1/invoices/in_retry/pay", { body: invoiceJson({ id: "in_retry", status: "paid", amount_paid: 579, amount_due: 579 }) });
    const input = { customerId: "cus_1", subscriptionId: "sub_1", lines: twoLines("price_r1", "price_r2"), period: { start: new Date(T0 * 1000), end: new Date((T0 + DAY) * 1000) }, metadata: {} };
    await expect(stripe.createInvoiceNow(input, "overage-oe_retry")).rejects.toMatchObject({ retryable: true });
    expect(api.requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
    const inv = await stripe.createInvoiceNow(input, "overage-oe_retry");
    expect(inv).toMatchObject({ id: "in_retry", status: "paid" });
    // The draft and the first item were replayed, not made twice.
    const drafts = api.find("POST", "/v1/invoices");
    expect(new Set(drafts.map((d) => d.idempotencyKey)).size).toBe(1);
    const itemKeys = api.find("POST", "/v1/invoiceitems").map((i) => i.idempotencyKey);
    expect(itemKeys).toHaveLength(4);
    expect(new Set(itemKeys).size).toBe(2);
  });

  it("lists prices with their product and meter", async () => {
    api.on("GET", "/v1/billing/meters", { body: list([{ id: "mtr_pi", object: "billing.meter", event_name: "phone_inbound" }]) });
    api.on("GET", "/v1/prices", {
      body: list([
        {
          id: "price_a",
          object: "price",
          lookup_key: "plan_small_monthly",
          unit_amount: 14900,
          recurring: { interval: "month", usage_type: "licensed", meter: null },
          product: { id: "prod_s", object: "product", name: "Small Plan", unit_label: null },
        },
        {
          id: "price_b",
          object: "price",
          lookup_key: "usage_phone_inbound_small_monthly",
          unit_amount: 198,
          recurring: { interval: "month", usage_type: "metered", meter: "mtr_pi" },
          product: { id: "prod_pi", object: "product", name: "Phone Inbound Usage", unit_label: "phone unit" },
        },
      ]),
    });
    const fresh = new StripeProvider({ secretKey: "sk_test_123", webhookSecret: "whsec_x", apiHost: api.url, maxNetworkRetries: 0 });
    const prices = await fresh.listPrices();
    expect(api.find("GET", "/v1/prices")[0]!.query).toMatchObject({ active: "true", "expand[0]": "data.product" });
    expect(prices).toEqual([
      { id: "price_a", lookupKey: "plan_small_monthly", productName: "Small Plan", unitLabel: null, unitAmount: 14900, recurringInterval: "month", usageType: "licensed", meterEventName: null },
      {
        id: "price_b",
        lookupKey: "usage_phone_inbound_small_monthly",
        productName: "Phone Inbound Usage",
        unitLabel: "phone unit",
        unitAmount: 198,
        recurringInterval: "month",
        usageType: "metered",
        meterEventName: "phone_inbound",
      },
    ]);
  });

  it("opens a billing portal session with the configuration billing:sync provisioned (the account default without one)", async () => {
    api.on("POST", "/v1/billing_portal/sessions", { body: { id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.com/p/session/x" } });
    api.on("GET", "/v1/billing_portal/configurations", { body: list([]) });
    const bare = new StripeProvider({ secretKey: "sk_test_123", webhookSecret: "whsec_x", apiHost: api.url, maxNetworkRetries: 0 });
    expect(await bare.createPortalSession("cus_1", "http://localhost:3000/billing")).toEqual({ url: "https://billing.stripe.com/p/session/x" });
    expect(api.find("POST", "/v1/billing_portal/sessions")[0]!.params).toEqual({ customer: "cus_1", return_url: "http://localhost:3000/billing" });

    api.requests.length = 0;
    api.on("GET", "/v1/billing_portal/configurations", {
      body: list([
        { id: "bpc_default", object: "billing_portal.configuration", active: true, is_default: true, metadata: {} },
        { id: "bpc_ours", object: "billing_portal.configuration", active: true, is_default: false, metadata: { aiemp_managed_by: "billing-sync" } },
      ]),
    });
    const configured = new StripeProvider({ secretKey: "sk_test_123", webhookSecret: "whsec_x", apiHost: api.url, maxNetworkRetries: 0 });
    await configured.createPortalSession("cus_1", "http://localhost:3000/billing");
    await configured.createPortalSession("cus_2", "http://localhost:3000/billing");
    const sessions = api.find("POST", "/v1/billing_portal/sessions");
    expect(sessions.map((r) => r.params.configuration)).toEqual(["bpc_ours", "bpc_ours"]);
    // Looked up once per process.
    expect(api.find("GET", "/v1/billing_portal/configurations")).toHaveLength(1);

    // Ours deactivated (in the Dashboard): not named, since Stripe refuses an inactive configuration.
    api.requests.length = 0;
    api.on("GET", "/v1/billing_portal/configurations", {
      body: list([{ id: "bpc_ours", object: "billing_portal.configuration", active: false, is_default: false, metadata: { aiemp_managed_by: "billing-sync" } }]),
    });
    const deactivated = new StripeProvider({ secretKey: "sk_test_123", webhookSecret: "whsec_x", apiHost: api.url, maxNetworkRetries: 0 });
    await deactivated.createPortalSession("cus_3", "http://localhost:3000/billing");
    expect(api.find("POST", "/v1/billing_portal/sessions")[0]!.params.configuration).toBeUndefined();
  });

  it("maps provider errors: declines keep the message and are final; server errors are retryable", async () => {
    api.on("POST", "/v1/setup_intents", { status: 402, body: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } } });
    const declined = await stripe.createSetupIntent("cus_1", "k1").catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(ProviderError);
    expect(declined).toMatchObject({ code: "card_declined", message: "Your card was declined.", retryable: false });
    api.on("POST", "/v1/setup_intents", { status: 500, body: { error: { type: "api_error", message: "Something went wrong" } } });
    expect(await stripe.createSetupIntent("cus_1", "k2").catch((e: unknown) => e)).toMatchObject({ retryable: true });
    api.on("GET", "/v1/subscriptions/sub_gone", { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription" } } });
    expect(await stripe.retrieveSubscription("sub_gone")).toBeNull();
  });

  it("never reuses an idempotency key with different parameters: the key covers every parameter sent", async () => {
    api.on("POST", "/v1/customers/cus_1", { body: { id: "cus_1", object: "customer" } });
    api.on("POST", "/v1/subscriptions", { body: subscriptionJson() });
    // billing:sync replaced the plan price between two attempts of the same checkout.
    api.on("GET", "/v1/prices", { body: list([{ id: "price_old", object: "price", lookup_key: "plan_small_monthly" }]) });
    const input = { customerId: "cus_1", planId: "small" as const, billing: "monthly" as const, paymentMethodId: "pm_1", trialDays: 14, metadata: { userId: "u1" } };
    await stripe.createTrialSubscription(input, "reuse-seti_1");
    api.on("GET", "/v1/prices", { body: list([{ id: "price_new", object: "price", lookup_key: "plan_small_monthly" }]) });
    await expect(stripe.createTrialSubscription(input, "reuse-seti_1")).resolves.toMatchObject({ id: "sub_1" });
    // Another plan for the same caller key, and another name for the same customer key.
    await expect(stripe.createTrialSubscription({ ...input, planId: "small", paymentMethodId: "pm_2" }, "reuse-seti_1")).resolves.toMatchObject({ id: "sub_1" });
    api.on("POST", "/v1/customers", { body: { id: "cus_1", object: "customer" } });
    await stripe.createCustomer({ email: "a@example.com", name: "Ann Lee", accountId: "u-reuse" }, "customer-u-reuse");
    await stripe.createCustomer({ email: "a@example.com", name: "Ann Smith", accountId: "u-reuse" }, "customer-u-reuse");
    const creates = api.find("POST", "/v1/subscriptions");
    expect(new Set(creates.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(creates.every((r) => r.idempotencyKey!.startsWith("reuse-seti_1"))).toBe(true);
    // The same parameters again are still deduplicated (the same key).
    await stripe.createTrialSubscription({ ...input, paymentMethodId: "pm_2" }, "reuse-seti_1");
    const again = api.find("POST", "/v1/subscriptions");
    expect(again[3]!.idempotencyKey).toBe(again[2]!.idempotencyKey);
  });

  it("a subscription without a trial (trialDays 0) omits trial_period_days", async () => {
    api.on("GET", "/v1/prices", { body: list([{ id: "price_small_m", object: "price", lookup_key: "plan_small_monthly" }]) });
    api.on("POST", "/v1/subscriptions", { body: subscriptionJson({ status: "active", trial_start: null, trial_end: null }) });
    await stripe.createTrialSubscription({ customerId: "cus_1", planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 0, metadata: {} }, "test-subscription-1");
    const [create] = api.find("POST", "/v1/subscriptions");
    expect(create!.params.trial_period_days).toBeUndefined();
    expect(create!.params["trial_settings[end_behavior][missing_payment_method]"]).toBeUndefined();
  });

  it("tells card errors from the provider's other errors (the type of the error)", async () => {
    const cases: Array<[number, Record<string, unknown>, string]> = [
      [402, { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." }, "card_error"],
      [400, { type: "invalid_request_error", code: "resource_missing", message: "No such customer: 'cus_x'" }, "invalid_request_error"],
      [400, { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters" }, "idempotency_error"],
      [401, { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****" }, "authentication_error"],
      [429, { type: "invalid_request_error", code: "rate_limit", message: "Too many requests" }, "rate_limit_error"],
      [500, { type: "api_error", message: "Something went wrong on Stripe's end" }, "api_error"],
    ];
    let n = 0;
    for (const [status, error, type] of cases) {
      api.on("POST", "/v1/setup_intents", { status, body: { error } });
      const err = await stripe.createSetupIntent("cus_1", `types-${n++}`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).type).toBe(type);
      expect((err as ProviderError).isCardError).toBe(type === "card_error");
    }
    const offline = new StripeProvider({ secretKey: "sk_test_123", webhookSecret: "x", apiHost: "http://127.0.0.1:1", maxNetworkRetries: 0 });
    const down = await offline.createSetupIntent("cus_1", "types-offline").catch((e: unknown) => e);
    expect(down).toMatchObject({ type: "api_connection_error", retryable: true, isCardError: false });
    // Errors our own code raises are not card errors.
    expect(new ProviderError("No such price", "resource_missing", false).isCardError).toBe(false);
  });

  it("verifies webhook signatures with the endpoint secret", async () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "customer.subscription.updated",
      created: T0,
      data: { object: { id: "sub_1", object: "subscription", customer: "cus_1" } },
    });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_test_secret" });
    expect(await stripe.constructWebhookEvent(payload, good)).toEqual({
      id: "evt_1",
      type: "customer.subscription.updated",
      createdAt: new Date(T0 * 1000),
      customerId: "cus_1",
      subscriptionId: "sub_1",
      objectId: "sub_1",
    });
    const bad = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    await expect(stripe.constructWebhookEvent(payload, bad)).rejects.toMatchObject({ code: "signature_verification" });
    await expect(stripe.constructWebhookEvent(payload, null)).rejects.toMatchObject({ code: "signature_verification" });
  });
});

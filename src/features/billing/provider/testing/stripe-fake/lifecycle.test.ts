import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StripeFake } from "./index";
import { sdk } from "./sdk-for-tests";

const DAY = 86_400;

/** How the fake moves subscriptions through time on a test clock, and the events it records. */
describe("stripe fake: subscriptions on a test clock", () => {
  let fake: StripeFake;
  let stripe: Stripe;
  let clock: Stripe.TestHelpers.TestClock;
  let price: Stripe.Price;

  beforeEach(async () => {
    fake = await new StripeFake().start();
    stripe = sdk(fake);
    clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.UTC(2026, 0, 10) / 1000) });
    const product = await stripe.products.create({ name: "Small Plan" });
    price = await stripe.prices.create({ currency: "usd", product: product.id, unit_amount: 14_900, recurring: { interval: "month" }, lookup_key: "plan_small_monthly" });
  });
  afterEach(() => fake.stop());

  async function customerWithCard(card: string | null) {
    const c = await stripe.customers.create({ email: "t@example.com", test_clock: clock.id });
    if (!card) return { customer: c.id, pm: null };
    const pm = await stripe.paymentMethods.attach(card, { customer: c.id });
    await stripe.customers.update(c.id, { invoice_settings: { default_payment_method: pm.id } });
    return { customer: c.id, pm: pm.id };
  }
  async function trial(customer: string, missing: "cancel" | "pause" | "create_invoice") {
    return stripe.subscriptions.create({ customer, items: [{ price: price.id }], trial_period_days: 14, trial_settings: { end_behavior: { missing_payment_method: missing } } });
  }
  async function advance(seconds: number) {
    const now = (await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time;
    const answered = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: now + seconds });
    expect(answered.status).toBe("advancing");
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).status).toBe("ready");
  }
  const invoices = async (customer: string) => (await stripe.invoices.list({ customer, limit: 100 })).data;

  it("a trial follows the clock: periods on the items, a $0 first invoice, trial end charges the default card", async () => {
    const { customer } = await customerWithCard("pm_card_visa");
    const sub = await trial(customer, "cancel");
    expect(sub).toMatchObject({ status: "trialing", trial_start: clock.frozen_time, trial_end: clock.frozen_time + 14 * DAY });
    expect(sub.items.data[0]).toMatchObject({ current_period_start: clock.frozen_time, current_period_end: clock.frozen_time + 14 * DAY });
    expect((await invoices(customer)).map((i) => [i.amount_due, i.status])).toEqual([[0, "paid"]]);
    await advance(15 * DAY);
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.status).toBe("active");
    expect(after.items.data[0]!.current_period_start).toBe(sub.trial_end);
    const [renewal] = await invoices(customer);
    expect(renewal).toMatchObject({ amount_due: 14_900, amount_paid: 14_900, status: "paid", billing_reason: "subscription_cycle", parent: { subscription_details: { subscription: sub.id } } });
    expect(renewal!.lines.data[0]).toMatchObject({ pricing: { price_details: { price: price.id } }, amount: 14_900 });
  });

  it("trial end without a card: missing_payment_method cancel -> canceled, pause -> paused, create_invoice -> past_due with an open invoice", async () => {
    const results: Record<string, [string, string[]]> = {};
    for (const behaviour of ["cancel", "pause", "create_invoice"] as const) {
      const { customer } = await customerWithCard(null);
      const sub = await trial(customer, behaviour);
      await advance(15 * DAY);
      const after = await stripe.subscriptions.retrieve(sub.id);
      results[behaviour] = [after.status, (await invoices(customer)).map((i) => `${i.amount_due}:${i.status}`)];
    }
    expect(results).toEqual({ cancel: ["canceled", ["0:paid"]], pause: ["paused", ["0:paid"]], create_invoice: ["past_due", ["14900:open", "0:paid"]] });
  });

  it("a card whose charges fail: past_due at trial end; paying the open invoice with a good card makes it active", async () => {
    const { customer } = await customerWithCard("pm_card_chargeCustomerFail");
    const sub = await trial(customer, "create_invoice");
    await advance(15 * DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("past_due");
    const [open] = await invoices(customer);
    expect(open).toMatchObject({ status: "open", attempt_count: 1 });
    await expect(stripe.invoices.pay(open!.id)).rejects.toMatchObject({ type: "StripeCardError", code: "card_declined" });
    const good = await stripe.paymentMethods.attach("pm_card_visa", { customer });
    const paid = await stripe.invoices.pay(open!.id, { payment_method: good.id });
    expect(paid.status).toBe("paid");
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
  });

  it("cancel at period end: cancel_at is the period end; the subscription ends there (canceled, ended_at) and nothing more is billed", async () => {
    const { customer } = await customerWithCard("pm_card_visa");
    const sub = await trial(customer, "cancel");
    await advance(15 * DAY);
    const active = await stripe.subscriptions.retrieve(sub.id);
    const end = active.items.data[0]!.current_period_end;
    const cancelling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: "active", cancel_at_period_end: true, cancel_at: end });
    await expect(stripe.invoices.createPreview({ customer, subscription: sub.id })).rejects.toMatchObject({ code: "invoice_upcoming_none" });
    await advance(40 * DAY);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: "canceled", ended_at: end });
    expect((await invoices(customer)).map((i) => i.amount_due)).toEqual([14_900, 0]);
    expect((await stripe.subscriptions.list({ customer })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer, status: "all" })).data.map((s) => s.id)).toEqual([sub.id]);
  });

  it("subscription first: default_incomplete makes a pending setup intent; its success saves the card on the subscription", async () => {
    const { customer } = await customerWithCard(null);
    const sub = await stripe.subscriptions.create({
      customer,
      items: [{ price: price.id }],
      trial_period_days: 14,
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
      expand: ["pending_setup_intent", "latest_invoice.confirmation_secret"],
    });
    const si = sub.pending_setup_intent as Stripe.SetupIntent;
    expect(si).toMatchObject({ object: "setup_intent", customer, status: "requires_payment_method" });
    expect(si.client_secret).toMatch(/^seti_.+_secret_/);
    const again = await stripe.subscriptions.retrieve(sub.id, { expand: ["pending_setup_intent"] });
    expect((again.pending_setup_intent as Stripe.SetupIntent).id).toBe(si.id);
    await stripe.setupIntents.confirm(si.id, { payment_method: "pm_card_visa" });
    const saved = await stripe.subscriptions.retrieve(sub.id);
    expect(saved.pending_setup_intent).toBeNull();
    expect(saved.default_payment_method).toBe((await stripe.setupIntents.retrieve(si.id)).payment_method);
  });

  it("records each change as a signed-deliverable event", async () => {
    const { customer } = await customerWithCard("pm_card_chargeCustomerFail");
    await trial(customer, "create_invoice");
    fake.takeEvents();
    const seen: string[] = [];
    fake.onEvent = (e) => seen.push(e.type);
    await advance(15 * DAY);
    const events = fake.takeEvents();
    expect(seen).toEqual(events.map((e) => e.type));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "customer.subscription.trial_will_end",
        "customer.subscription.updated",
        "invoice.created",
        "invoice.finalized",
        "invoice.payment_failed",
        "test_helpers.test_clock.ready",
      ]),
    );
    // In time order: the warning three days before the trial ends comes first.
    expect(events[0]).toMatchObject({ type: "customer.subscription.trial_will_end", created: clock.frozen_time + 11 * DAY });
    const failed = events.find((e) => e.type === "invoice.payment_failed")!;
    expect(failed).toMatchObject({ object: "event", api_version: Stripe.API_VERSION, data: { object: { object: "invoice", customer, status: "open" } } });
    const { payload, signature } = fake.sign(failed, "whsec_test");
    expect(stripe.webhooks.constructEvent(payload, signature, "whsec_test").id).toBe(failed.id);
  });
});

import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StripeFake } from "./index";
import { refusal, sdk } from "./sdk-for-tests";

const DAY = 86_400;

/** The documented rules of plan changes the fake enforces (objects/plan-change.ts); removing one makes its test fail. */
describe("stripe fake: plan changes and subscription schedules", () => {
  let fake: StripeFake;
  let stripe: Stripe;
  let small: string;
  let medium: string;
  let sub: Stripe.Subscription;

  beforeEach(async () => {
    fake = await new StripeFake({ defaultClock: new Date("2026-11-01T00:00:00Z") }).start();
    stripe = sdk(fake);
    const product = await stripe.products.create({ name: "Plans" });
    small = (await stripe.prices.create({ currency: "usd", product: product.id, unit_amount: 14_900, recurring: { interval: "month" } })).id;
    medium = (await stripe.prices.create({ currency: "usd", product: product.id, unit_amount: 42_000, recurring: { interval: "month" } })).id;
    const customer = (await stripe.customers.create({ email: "p@example.com" })).id;
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer });
    sub = await stripe.subscriptions.create({ customer, items: [{ price: small }], default_payment_method: pm.id });
    expect(sub.status).toBe("active");
  });
  afterEach(() => fake.stop());

  it("an upgrade with always_invoice charges the proration to the second, as its preview said", async () => {
    const item = sub.items.data[0]!;
    const at = item.current_period_start + 10 * DAY;
    const preview = await stripe.invoices.createPreview({
      customer: sub.customer as string,
      subscription: sub.id,
      subscription_details: { items: [{ id: item.id, price: medium }], proration_behavior: "always_invoice", proration_date: at },
    });
    const f = (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
    const expected = Math.round(42_000 * f) - Math.round(14_900 * f);
    expect(preview.amount_due).toBe(expected);
    expect(preview.parent?.subscription_details?.subscription_proration_date).toBe(at);
    const updated = await stripe.subscriptions.update(sub.id, { items: [{ id: item.id, price: medium }], proration_behavior: "always_invoice", proration_date: at });
    expect(updated.items.data[0]!.price.id).toBe(medium);
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: "subscription_update", amount_due: expected, status: "paid" });
  });

  it("proration_date must be within the current period (https://docs.stripe.com/api/invoices/create_preview)", async () => {
    const item = sub.items.data[0]!;
    const err = await refusal(stripe.subscriptions.update(sub.id, { items: [{ id: item.id, price: medium }], proration_behavior: "always_invoice", proration_date: item.current_period_start - DAY }));
    expect(err.message).toContain("within the current subscription period");
    const early = await refusal(
      stripe.invoices.createPreview({
        subscription: sub.id,
        subscription_details: { items: [{ id: item.id, price: medium }], proration_behavior: "always_invoice", proration_date: item.current_period_end + DAY },
      }),
    );
    expect(early.message).toContain("within the current subscription period");
    const none = await refusal(
      stripe.invoices.createPreview({
        subscription: sub.id,
        subscription_details: { items: [{ id: item.id, price: medium }], proration_behavior: "none", proration_date: item.current_period_start + DAY },
      }),
    );
    expect(none.param).toBe("subscription_details[proration_behavior]");
  });

  it("from_subscription excludes phases; one schedule per subscription; release only while active (https://docs.stripe.com/api/subscription_schedules/create)", async () => {
    const withPhases = await refusal(stripe.subscriptionSchedules.create({ from_subscription: sub.id, phases: [{ items: [{ price: small }] }] }));
    expect(withPhases.message).toBe("You cannot set 'phases' if 'from_subscription' is set.");
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const second = await refusal(stripe.subscriptionSchedules.create({ from_subscription: sub.id }));
    expect(second.message).toContain("already attached to a schedule");
    await stripe.subscriptionSchedules.release(schedule.id);
    const again = await refusal(stripe.subscriptionSchedules.release(schedule.id));
    expect(again.message).toContain("released");
    expect((await stripe.subscriptions.retrieve(sub.id)).schedule).toBeNull();
  });

  it("a portal plan switch offers prices of their own product, and needs products (https://docs.stripe.com/api/customer_portal/configurations/create)", async () => {
    const other = await stripe.products.create({ name: "Other" });
    const base = { customer_update: { enabled: false }, invoice_history: { enabled: true }, payment_method_update: { enabled: true }, subscription_cancel: { enabled: true } };
    const wrong = await refusal(
      stripe.billingPortal.configurations.create({
        features: { ...base, subscription_update: { enabled: true, default_allowed_updates: ["price"], products: [{ product: other.id, prices: [small] }] } },
      }),
    );
    expect(wrong.message).toContain("does not belong to the product");
    const empty = await refusal(stripe.billingPortal.configurations.create({ features: { ...base, subscription_update: { enabled: true, default_allowed_updates: ["price"] } } }));
    expect(empty.param).toBe("features[subscription_update]");
    const product = (await stripe.prices.retrieve(small)).product as string;
    const ok = await stripe.billingPortal.configurations.create({
      features: { ...base, subscription_update: { enabled: true, default_allowed_updates: ["price"], products: [{ product, prices: [small, medium] }] } },
    });
    expect(ok.features.subscription_update.products).toEqual([expect.objectContaining({ product, prices: [small, medium] })]);
  });

  it("a schedule's next phase sets the price billed at the period's end, then the schedule is released (https://docs.stripe.com/billing/subscriptions/subscription-schedules/use-cases#downgrading-subscriptions)", async () => {
    const up = await stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: medium }], proration_behavior: "none" });
    const item = up.items.data[0]!;
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const moved = await refusal(
      stripe.subscriptionSchedules.update(schedule.id, {
        phases: [
          { items: [{ price: medium }], start_date: item.current_period_start + 1, end_date: item.current_period_end },
          { items: [{ price: small }], start_date: item.current_period_end, duration: { interval: "month", interval_count: 1 } },
        ],
      }),
    );
    expect(moved.message).toBe("You can not modify the start date of the current phase.");
    const gap = await refusal(
      stripe.subscriptionSchedules.update(schedule.id, {
        phases: [
          { items: [{ price: medium }], start_date: item.current_period_start, end_date: item.current_period_end },
          { items: [{ price: small }], start_date: item.current_period_end + 1, duration: { interval: "month", interval_count: 1 } },
        ],
      }),
    );
    expect(gap.param).toBe("phases[1][start_date]");
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        { items: [{ price: medium }], start_date: item.current_period_start, end_date: item.current_period_end },
        { items: [{ price: small }], start_date: item.current_period_end, duration: { interval: "month", interval_count: 1 } },
      ],
    });
    // While the schedule manages the subscription, its cancellation is changed through the schedule only.
    const direct = await refusal(stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }));
    expect(direct.message).toContain("updating any cancelation behavior directly is not allowed");
    fake.advanceClock(new Date((item.current_period_end + DAY) * 1000));
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.items.data[0]!.price.id).toBe(small);
    const renewal = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(renewal.amount_due).toBe(14_900);
    // The last phase runs one month; when it ends the schedule is released and Small goes on.
    expect(after.schedule).not.toBeNull();
    const phaseEnd = after.items.data[0]!.current_period_end;
    fake.advanceClock(new Date((phaseEnd + DAY) * 1000));
    const released = await stripe.subscriptions.retrieve(sub.id);
    expect(released.schedule).toBeNull();
    expect(released.items.data[0]!.price.id).toBe(small);
  });
});

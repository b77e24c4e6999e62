import "server-only";
import type Stripe from "stripe";
import type { Billing, PlanId } from "@/features/plans/catalogue";
import { idempotencyKeyFor } from "./idempotency";
import { callStripe, idOf, unix } from "./stripe-calls";
import { parsePlanLookupKey } from "./prices";
import type { PendingPlanChange, PlanChange } from "./port";

/**
 * Plan changes in Stripe (issue 23, ADR 0114). Our subscriptions hold one
 * item, the plan price.
 * - Now (an upgrade): subscriptions.update with the item's new price,
 *   proration_behavior always_invoice and proration_date, which invoices the
 *   proration at once (https://docs.stripe.com/billing/subscriptions/prorations);
 *   its preview is invoices.createPreview with subscription_details
 *   (https://docs.stripe.com/api/invoices/create_preview).
 * - At the period's end (a downgrade): a subscription schedule made
 *   from_subscription, then given two phases: the current price until the
 *   period ends, the new price for one period after, end_behavior release
 *   (https://docs.stripe.com/billing/subscriptions/subscription-schedules/use-cases#downgrading-subscriptions).
 *   The schedule's metadata names the pending plan, so the subscription
 *   (read with expand schedule) says what it changes to and when.
 * - Cancelling a pending change releases the schedule
 *   (https://docs.stripe.com/api/subscription_schedules/release).
 */

const PENDING_PLAN = "pendingPlanId";
const PENDING_BILLING = "pendingBilling";
const PENDING_AT = "pendingAt";

/** The pending change a subscription's (expanded) schedule carries, if it has not taken effect yet. */
export function pendingChangeOf(s: Stripe.Subscription, currentPeriodStart: Date | null): PendingPlanChange | null {
  const schedule = s.schedule;
  if (!schedule || typeof schedule === "string") return null;
  if (schedule.status !== "active" && schedule.status !== "not_started") return null;
  const meta = schedule.metadata ?? {};
  const parsed = parsePlanLookupKey(meta[PENDING_PLAN] && meta[PENDING_BILLING] ? `plan_${meta[PENDING_PLAN]}_${meta[PENDING_BILLING]}` : null);
  const at = Number(meta[PENDING_AT]);
  if (!parsed || !Number.isFinite(at)) return null;
  const effectiveAt = new Date(at * 1000);
  if (currentPeriodStart && effectiveAt <= currentPeriodStart) return null;
  return { planId: parsed.planId, billing: parsed.billing, effectiveAt };
}

type PriceOf = (planId: PlanId, billing: Billing) => Promise<string>;

function planItem(s: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = s.items.data[0];
  if (!item) throw new Error(`subscription ${s.id} has no items`);
  return item;
}

export async function previewPlanChange(stripe: Stripe, priceOf: PriceOf, subscriptionId: string, change: Omit<PlanChange, "when">): Promise<{ amountDue: number; prorationDate: Date }> {
  const s = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  const price = await priceOf(change.planId, change.billing);
  const inv = await callStripe(() =>
    stripe.invoices.createPreview({
      customer: idOf(s.customer)!,
      subscription: s.id,
      subscription_details: {
        items: [{ id: planItem(s).id, price }],
        proration_behavior: "always_invoice",
        ...(change.prorationDate ? { proration_date: unix(change.prorationDate) } : {}),
      },
    }),
  );
  // "The time used to calculate prorations" (Stripe's now, or its test clock's): the change passes it back.
  const used = inv.parent?.subscription_details?.subscription_proration_date;
  return { amountDue: inv.amount_due, prorationDate: used ? new Date(used * 1000) : (change.prorationDate ?? new Date(inv.created * 1000)) };
}

/** Releases the schedule a subscription is managed by, if any: Stripe refuses cancel_at_period_end on a scheduled subscription. */
export async function releaseAttachedSchedule(stripe: Stripe, subscriptionId: string, idempotencyKey: string): Promise<void> {
  const s = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  await releaseSchedule(stripe, s, idempotencyKey);
}

async function releaseSchedule(stripe: Stripe, s: Stripe.Subscription, idempotencyKey: string): Promise<void> {
  const id = idOf(s.schedule);
  if (!id) return;
  await callStripe(() => stripe.subscriptionSchedules.release(id, {}, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-release`, { schedule: id }) }));
}

export async function changePlan(stripe: Stripe, priceOf: PriceOf, subscriptionId: string, change: PlanChange, idempotencyKey: string): Promise<void> {
  const s = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  const price = await priceOf(change.planId, change.billing);
  const item = planItem(s);
  // A new change replaces a pending one.
  await releaseSchedule(stripe, s, idempotencyKey);
  if (change.when === "now") {
    const params: Stripe.SubscriptionUpdateParams = {
      items: [{ id: item.id, price }],
      proration_behavior: "always_invoice",
      ...(change.prorationDate ? { proration_date: unix(change.prorationDate) } : {}),
    };
    await callStripe(() => stripe.subscriptions.update(s.id, params, { idempotencyKey: idempotencyKeyFor(idempotencyKey, { subscription: s.id, ...params }) }));
    return;
  }
  const periodEnd = item.current_period_end;
  const created = await callStripe(() =>
    stripe.subscriptionSchedules.create({ from_subscription: s.id }, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-schedule`, { from_subscription: s.id }) }),
  );
  const current = created.phases[0]!;
  const interval = change.billing === "annual" ? "year" : "month";
  const params: Stripe.SubscriptionScheduleUpdateParams = {
    end_behavior: "release",
    phases: [
      { items: [{ price: idOf(item.price)!, quantity: 1 }], start_date: current.start_date, end_date: periodEnd, proration_behavior: "none" },
      { items: [{ price, quantity: 1 }], start_date: periodEnd, duration: { interval, interval_count: 1 }, proration_behavior: "none" },
    ],
    metadata: { [PENDING_PLAN]: change.planId, [PENDING_BILLING]: change.billing, [PENDING_AT]: String(periodEnd) },
  };
  await callStripe(() => stripe.subscriptionSchedules.update(created.id, params, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-phases`, { schedule: created.id, ...params }) }));
}

export async function cancelPendingPlanChange(stripe: Stripe, subscriptionId: string, idempotencyKey: string): Promise<void> {
  const s = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  await releaseSchedule(stripe, s, idempotencyKey);
}

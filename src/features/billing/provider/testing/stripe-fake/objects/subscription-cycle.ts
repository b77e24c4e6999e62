import { invalid } from "../errors";
import { emit } from "../events";
import { copy, type FakeState, type Json, type Obj } from "../state";
import { addLine, attemptPayment, finalize, newInvoice, previewInvoice, pullPendingItems, subscriptionOfInvoice } from "./invoices";
import { applySchedulePhase, applyScheduledPrices } from "./plan-change";

/**
 * A subscription's billing cycle: periods on its items, trial end, period
 * end (renewal or the end of a cancelling subscription), what an invoice's
 * payment does to its status, a pending setup intent that succeeds, and the
 * preview of the next invoice. clock.ts runs trial and period ends when a
 * test clock passes them.
 */

/** `ts` plus `count` intervals, calendar-aware (month ends clamp as Stripe's billing cycle does). */
export function addInterval(ts: number, interval: string, count = 1): number {
  const d = new Date(ts * 1000);
  const day = d.getUTCDate();
  if (interval === "day") return ts + 86_400 * count;
  if (interval === "week") return ts + 7 * 86_400 * count;
  const months = interval === "year" ? 12 * count : count;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return Math.floor(target.getTime() / 1000);
}

function items(sub: Obj): Json[] {
  return (sub.items as { data: Json[] }).data;
}

export function periodEnd(sub: Obj): number {
  return Math.min(...items(sub).map((i) => i.current_period_end as number));
}

export function setPeriod(sub: Obj, start: number): void {
  for (const item of items(sub)) {
    const rec = (item.price as Json).recurring as { interval: string; interval_count: number };
    item.current_period_start = start;
    item.current_period_end = addInterval(start, rec.interval, rec.interval_count);
  }
}

function defaultCard(state: FakeState, sub: Obj): string | null {
  if (sub.default_payment_method) return sub.default_payment_method as string;
  const customer = state.customers.get(sub.customer as string);
  return ((customer?.invoice_settings as Json | undefined)?.default_payment_method as string | null) ?? null;
}

/** Usage of a metered item's meter by the subscription's customer in [start, end), counted once per identifier. */
function meteredQuantity(state: FakeState, sub: Obj, price: Json, start: number, end: number): number {
  const meter = state.meters.get(((price.recurring as Json).meter as string) ?? "");
  if (!meter) return 0;
  return state.meterEvents.filter((e) => e.counted && e.customer === sub.customer && e.event_name === meter.event_name && e.timestamp >= start && e.timestamp < end).reduce((n, e) => n + e.value, 0);
}

/** Lines for the next period: licensed items in advance; metered usage of the period that ends, unless it was a trial. */
export function cycleLines(state: FakeState, sub: Obj, inv: Obj, previous: { start: number; end: number }, next: { start: number; end: number }, wasTrial: boolean): void {
  for (const item of items(sub)) {
    const price = item.price as Obj;
    const rec = price.recurring as Json;
    const product = state.products.get(price.product as string);
    if (rec.usage_type === "metered") {
      // Usage during a trial is not charged after the trial (https://docs.stripe.com/billing/subscriptions/usage-based/implementation-guide).
      if (wasTrial) continue;
      const qty = meteredQuantity(state, sub, price, previous.start, previous.end);
      if (qty === 0) continue;
      addLine(state, inv, {
        amount: qty * ((price.unit_amount as number) ?? 0),
        quantity: qty,
        description: `${qty} × ${String(product?.name ?? price.id)}`,
        period: previous,
        price,
        subscription: sub.id,
        subscriptionItem: item.id as string,
      });
    } else {
      const qty = (item.quantity as number) ?? 1;
      addLine(state, inv, {
        amount: qty * ((price.unit_amount as number) ?? 0),
        quantity: qty,
        description: `${qty} × ${String(product?.name ?? price.id)} (at $${(((price.unit_amount as number) ?? 0) / 100).toFixed(2)} / ${String(rec.interval)})`,
        period: next,
        price,
        subscription: sub.id,
        subscriptionItem: item.id as string,
      });
    }
  }
}

function setStatus(state: FakeState, sub: Obj, status: string, at: number): void {
  if (sub.status === status) return;
  const previous = { status: sub.status };
  sub.status = status;
  emit(state, "customer.subscription.updated", sub, at, previous);
}

export function endSubscription(state: FakeState, sub: Obj, at: number): void {
  sub.status = "canceled";
  sub.ended_at = at;
  sub.canceled_at ??= at;
  sub.cancel_at_period_end = false;
  emit(state, "customer.subscription.deleted", sub, at);
}

/**
 * A subscription invoice: Stripe drafts it, finalizes it about an hour later
 * and charges the default card. The fake finalizes and charges at once (its
 * moment is the cycle's); payment moves the subscription: paid -> active,
 * declined or no card -> past_due.
 */
function billCycle(state: FakeState, sub: Obj, reason: string, previous: { start: number; end: number }, wasTrial: boolean): void {
  const start = previous.end;
  setPeriod(sub, start);
  const next = { start, end: periodEnd(sub) };
  const inv = newInvoice(state, { customer: sub.customer as string, subscription: sub.id, billingReason: reason, autoAdvance: true, period: previous });
  cycleLines(state, sub, inv, previous, next, wasTrial);
  pullPendingItems(state, inv, sub.id);
  sub.latest_invoice = inv.id;
  finalize(state, inv);
  if (inv.status === "open") attemptPayment(state, inv, null);
}

/** Trial end (https://stripe.com/docs/billing/subscriptions/trials): bill the first period, or apply trial_settings.end_behavior.missing_payment_method without a card. */
export function endTrial(state: FakeState, sub: Obj): void {
  const at = sub.trial_end as number;
  if (sub.cancel_at_period_end) return endSubscription(state, sub, at);
  const behaviour = ((sub.trial_settings as Json).end_behavior as Json).missing_payment_method as string;
  const trial = { start: sub.trial_start as number, end: at };
  if (!defaultCard(state, sub) && behaviour === "cancel") {
    sub.cancellation_details = { comment: null, feedback: null, reason: "cancellation_requested" };
    return endSubscription(state, sub, at);
  }
  if (!defaultCard(state, sub) && behaviour === "pause") {
    setPeriod(sub, at);
    sub.status = "paused";
    emit(state, "customer.subscription.paused", sub, at);
    emit(state, "customer.subscription.updated", sub, at, { status: "trialing" });
    return;
  }
  setPeriod(sub, at);
  setStatus(state, sub, "active", at);
  billCycle(state, sub, "subscription_cycle", trial, true);
}

/** Period end: cancel_at_period_end ends it; otherwise the next period is billed. */
export function endPeriod(state: FakeState, sub: Obj): void {
  const end = periodEnd(sub);
  if (sub.cancel_at_period_end || (sub.cancel_at && (sub.cancel_at as number) <= end)) return endSubscription(state, sub, end);
  const previous = { start: Math.min(...items(sub).map((i) => i.current_period_start as number)), end };
  const before = copy(sub.items);
  // A subscription schedule's next phase (a downgrade at the period's end) sets the prices billed from now on.
  applySchedulePhase(state, sub, end);
  billCycle(state, sub, "subscription_cycle", previous, false);
  emit(state, "customer.subscription.updated", sub, end, { items: before });
}

/** What a subscription invoice's payment does to its subscription. `ok` null: voided. */
export function afterSubscriptionInvoicePayment(state: FakeState, inv: Obj, ok: boolean | null): void {
  const subId = subscriptionOfInvoice(inv);
  if (!subId || !["subscription_cycle", "subscription_create", "subscription_update"].includes(inv.billing_reason as string)) return;
  const sub = state.subscriptions.get(subId);
  if (!sub || sub.status === "canceled") return;
  const at = state.now(sub.customer as string);
  const open = [...state.invoices.values()].some(
    (i) => subscriptionOfInvoice(i) === subId && i.status === "open" && ["subscription_cycle", "subscription_create"].includes(i.billing_reason as string),
  );
  if (ok === false) {
    if (sub.status === "active" || sub.status === "trialing") setStatus(state, sub, "past_due", at);
  } else if (!open && (sub.status === "past_due" || sub.status === "incomplete" || sub.status === "unpaid")) {
    setStatus(state, sub, "active", at);
  }
}

/**
 * A pending setup intent that succeeds: with save_default_payment_method
 * on_subscription its card becomes the subscription's default, and
 * pending_setup_intent is cleared.
 */
export function adoptPendingSetup(state: FakeState, si: Obj): void {
  for (const sub of state.subscriptions.values()) {
    if (sub.pending_setup_intent !== si.id) continue;
    const previous = { pending_setup_intent: si.id, default_payment_method: sub.default_payment_method };
    if (((sub.payment_settings as Json).save_default_payment_method as string) === "on_subscription") sub.default_payment_method = si.payment_method;
    sub.pending_setup_intent = null;
    emit(state, "customer.subscription.updated", sub, state.now(sub.customer as string), previous);
  }
}

/** invoices.createPreview for a subscription: its next renewal (or trial-end) invoice. */
export function previewRenewal(state: FakeState, sub: Obj): Json {
  if (sub.status === "canceled" || sub.cancel_at_period_end || sub.status === "paused") {
    throw invalid(`No upcoming invoices for customer: ${String(sub.customer)}`, undefined, "invoice_upcoming_none");
  }
  const end = sub.status === "trialing" ? (sub.trial_end as number) : periodEnd(sub);
  const probe = copy(sub);
  // A schedule's phase that starts at this end (a downgrade) sets the prices the preview bills.
  applyScheduledPrices(state, probe, end);
  const wasTrial = sub.status === "trialing";
  const previous = { start: wasTrial ? (sub.trial_start as number) : Math.min(...items(sub).map((i) => i.current_period_start as number)), end };
  setPeriod(probe, end);
  const next = { start: end, end: periodEnd(probe) };
  let amount = 0;
  const lines: Json[] = [];
  for (const item of items(probe)) {
    const price = item.price as Json;
    const metered = (price.recurring as Json).usage_type === "metered";
    if (metered && wasTrial) continue;
    const qty = metered ? meteredQuantity(state, sub, price, previous.start, previous.end) : ((item.quantity as number) ?? 1);
    const lineAmount = qty * ((price.unit_amount as number) ?? 0);
    amount += lineAmount;
    lines.push({
      object: "line_item",
      amount: lineAmount,
      quantity: qty,
      period: metered ? previous : next,
      pricing: { type: "price_details", price_details: { price: price.id, product: price.product } },
    });
  }
  for (const item of state.invoiceItems.values()) {
    if (!item.invoice && item.subscription === sub.id) {
      amount += item.amount as number;
      lines.push({ object: "line_item", amount: item.amount, quantity: item.quantity, period: item.period, description: item.description });
    }
  }
  return previewInvoice(sub, amount, {
    billing_reason: "upcoming",
    created: state.now(sub.customer as string),
    lines: { object: "list", data: lines, has_more: false, url: "/v1/invoices/upcoming/lines" },
    next_payment_attempt: end + 3600,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: {}, subscription: sub.id } },
    period_end: end,
    period_start: previous.start,
  });
}

import { invalid, missing } from "../errors";
import { arr, metadata, num, obj, str, type Params } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import { copy, type FakeState, type Json, type Obj } from "../state";
import { priceOrMissing } from "./catalogue";
import { addLine, attemptPayment, finalize, newInvoice, previewInvoice } from "./invoices";
import { addInterval, periodEnd, setPeriod } from "./subscription-cycle";

/**
 * Plan changes: a subscription item's price swapped with proration, its
 * preview, and subscription schedules (from_subscription, phases, release),
 * whose next phase the period end applies. Only what the app uses; each rule
 * below cites the Stripe page it follows.
 */

function items(sub: Obj): Json[] {
  return (sub.items as { data: Json[] }).data;
}

function periodStart(sub: Obj): number {
  return Math.min(...items(sub).map((i) => i.current_period_start as number));
}

/**
 * proration_date "must be within the current subscription period"
 * (https://docs.stripe.com/api/invoices/create_preview#create_create_preview-subscription_details-proration_date);
 * the same holds for subscriptions.update (https://docs.stripe.com/api/subscriptions/update#update_subscription-proration_date).
 */
export function prorationDateProblem(sub: Obj, date: number, param: string): ReturnType<typeof invalid> | null {
  if (date < periodStart(sub) || date > periodEnd(sub)) return invalid("The proration date must be within the current subscription period.", param);
  return null;
}

/**
 * `items[n][id]` names an item of this subscription; an item given without
 * an id is added as a new item (https://docs.stripe.com/api/subscriptions/update#update_subscription-items),
 * which the app never means to do, so the fake refuses a second item with
 * the same product as Stripe refuses a duplicate price.
 */
function swaps(state: FakeState, sub: Obj, wanted: Params[], param: string): Array<{ item: Json; price: Obj }> {
  return wanted.map((w, n) => {
    const id = str(w.id);
    if (!id) throw invalid("The fake only swaps the price of an existing item: pass items[n][id].", `${param}[${n}][id]`);
    const item = items(sub).find((i) => i.id === id);
    if (!item) throw missing("subscription_item", id, `${param}[${n}][id]`);
    return { item, price: priceOrMissing(state, str(w.price) ?? "", `${param}[${n}][price]`) };
  });
}

type Proration = { lines: Array<{ amount: number; description: string; price: Obj; item: string; period: { start: number; end: number } }>; resetAt: number | null };

/**
 * Stripe's proration (https://docs.stripe.com/billing/subscriptions/prorations):
 * a credit for the unused time of the old price and a charge for the rest of
 * the period at the new one, each to the second. When the interval changes
 * the billing cycle anchor is reset to the change: the new price is charged
 * for a whole new period (https://docs.stripe.com/billing/subscriptions/billing-cycle#changing-the-billing-cycle).
 */
function prorate(sub: Obj, changes: Array<{ item: Json; price: Obj }>, at: number): Proration {
  const start = periodStart(sub);
  const end = periodEnd(sub);
  const fraction = (end - at) / (end - start);
  const out: Proration = { lines: [], resetAt: null };
  for (const { item, price } of changes) {
    const old = item.price as Obj;
    const oldInterval = (old.recurring as Json).interval;
    const newInterval = (price.recurring as Json).interval;
    out.lines.push({
      amount: -Math.round(((old.unit_amount as number) ?? 0) * fraction),
      description: `Unused time on ${String(old.id)}`,
      price: old,
      item: item.id as string,
      period: { start: at, end },
    });
    if (oldInterval === newInterval) {
      out.lines.push({
        amount: Math.round(((price.unit_amount as number) ?? 0) * fraction),
        description: `Remaining time on ${String(price.id)}`,
        price,
        item: item.id as string,
        period: { start: at, end },
      });
    } else {
      out.resetAt = at;
      out.lines.push({ amount: (price.unit_amount as number) ?? 0, description: `1 × ${String(price.id)}`, price, item: item.id as string, period: { start: at, end: at } });
    }
  }
  return out;
}

/** The proration invoice a change would create (create_preview with subscription_details). */
export function previewChange(state: FakeState, sub: Obj, details: Params): Json {
  const at = num(details.proration_date) ?? state.now(sub.customer as string);
  const behaviour = str(details.proration_behavior) ?? "create_prorations";
  // "subscription_details.proration_behavior cannot be set to 'none'" with a proration_date (same page as prorationDateProblem).
  if (details.proration_date !== undefined && behaviour === "none") throw invalid("proration_behavior cannot be 'none' when proration_date is set.", "subscription_details[proration_behavior]");
  if (behaviour !== "always_invoice") throw invalid("The fake previews always_invoice changes only.", "subscription_details[proration_behavior]");
  const problem = prorationDateProblem(sub, at, "subscription_details[proration_date]");
  if (problem) throw problem;
  const p = prorate(
    sub,
    swaps(
      state,
      sub,
      arr(details.items).map((i) => obj(i as Params)),
      "subscription_details[items]",
    ),
    at,
  );
  const amount = Math.max(
    0,
    p.lines.reduce((n, l) => n + l.amount, 0),
  );
  return previewInvoice(sub, amount, {
    billing_reason: "subscription_update",
    created: at,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: {}, subscription: sub.id, subscription_proration_date: at } },
    lines: { object: "list", data: p.lines.map((l) => ({ object: "line_item", amount: l.amount, description: l.description, period: l.period })), has_more: false, url: "/v1/invoices/upcoming/lines" },
  });
}

/** subscriptions.update with items: swap prices, and with always_invoice invoice and charge the proration at once. */
export function applyItemChange(state: FakeState, sub: Obj, params: Params): Json | null {
  if (params.items === undefined) return null;
  const at = num(params.proration_date) ?? state.now(sub.customer as string);
  const behaviour = str(params.proration_behavior) ?? "create_prorations";
  if (behaviour !== "always_invoice" && behaviour !== "none") throw invalid("The fake supports proration_behavior always_invoice or none.", "proration_behavior");
  const problem = prorationDateProblem(sub, at, "proration_date");
  if (problem) throw problem;
  const changes = swaps(
    state,
    sub,
    arr(params.items).map((i) => obj(i as Params)),
    "items",
  );
  const p = prorate(sub, changes, at);
  const previous = { items: copy(sub.items) };
  for (const { item, price } of changes) item.price = copy(price);
  if (p.resetAt !== null) setPeriod(sub, p.resetAt);
  if (behaviour === "always_invoice" && p.lines.length) {
    const inv = newInvoice(state, { customer: sub.customer as string, subscription: sub.id, billingReason: "subscription_update", autoAdvance: true, period: { start: at, end: at } });
    for (const l of p.lines) addLine(state, inv, { amount: l.amount, quantity: 1, description: l.description, period: l.period, price: l.price, subscription: sub.id, subscriptionItem: l.item });
    sub.latest_invoice = inv.id;
    finalize(state, inv);
    if (inv.status === "open" && (inv.amount_due as number) > 0) attemptPayment(state, inv, null);
  }
  return previous;
}

function scheduleOrMissing(state: FakeState, id: string): Obj {
  const s = state.subscriptionSchedules.get(id);
  if (!s) throw missing("subscription_schedule", id);
  return s;
}

function phaseOf(p: Params, n: number, state: FakeState): Json {
  const start = num(p.start_date);
  const end = num(p.end_date);
  const duration = obj(p.duration);
  // end_date and duration exclude each other (https://docs.stripe.com/api/subscription_schedules/update#update_subscription_schedule-phases-end_date).
  if (end !== undefined && p.duration !== undefined) throw invalid("end_date and duration cannot both be set.", `phases[${n}][end_date]`);
  return {
    start_date: start ?? null,
    end_date: end ?? null,
    duration: p.duration === undefined ? null : { interval: str(duration.interval), interval_count: num(duration.interval_count) ?? 1 },
    items: arr(p.items).map((i, k) => {
      const it = obj(i as Params);
      const price = priceOrMissing(state, str(it.price) ?? "", `phases[${n}][items][${k}][price]`);
      return { price: price.id, quantity: num(it.quantity) ?? 1 };
    }),
    proration_behavior: str(p.proration_behavior) ?? "create_prorations",
  };
}

export function registerPlanChange(r: Router): void {
  const s = r.state;
  r.add("POST", "/v1/subscription_schedules", ["customer", "from_subscription", "phases", "end_behavior", "metadata", "start_date", "default_settings"], ({ params }) => {
    const fromId = str(params.from_subscription);
    if (!fromId) throw invalid("The fake makes schedules from_subscription only.", "from_subscription");
    // "When using this parameter, other parameters (such as phase values) cannot be set" (https://docs.stripe.com/api/subscription_schedules/create#create_subscription_schedule-from_subscription).
    for (const other of ["customer", "phases", "end_behavior", "start_date", "default_settings"]) {
      if (params[other] !== undefined) throw invalid(`You cannot set '${other}' if 'from_subscription' is set.`, other);
    }
    const sub = s.subscriptions.get(fromId);
    if (!sub) throw missing("subscription", fromId, "from_subscription");
    // A subscription has at most one schedule (https://docs.stripe.com/billing/subscriptions/subscription-schedules#existing-subscription).
    if (sub.schedule) throw invalid(`The subscription ${fromId} is already attached to a schedule.`, "from_subscription");
    if (sub.status === "canceled") throw invalid("A canceled subscription cannot be scheduled.", "from_subscription");
    const at = s.now(sub.customer as string);
    const id = s.id("sub_sched");
    const schedule: Obj = {
      id,
      object: "subscription_schedule",
      created: at,
      customer: sub.customer,
      end_behavior: "release",
      metadata: metadata(params.metadata),
      phases: [
        {
          start_date: periodStart(sub),
          end_date: periodEnd(sub),
          duration: null,
          items: items(sub).map((i) => ({ price: (i.price as Obj).id, quantity: i.quantity ?? 1 })),
          proration_behavior: "create_prorations",
        },
      ],
      released_at: null,
      released_subscription: null,
      status: "active",
      subscription: sub.id,
      test_clock: sub.test_clock ?? null,
    };
    s.subscriptionSchedules.set(id, schedule);
    sub.schedule = id;
    emit(s, "subscription_schedule.created", schedule, at);
    emit(s, "customer.subscription.updated", sub, at, { schedule: null });
    return expand(s, schedule, expandList(params));
  });
  r.add("GET", "/v1/subscription_schedules/:id", [], ({ params, pathParams: [id] }) => expand(s, scheduleOrMissing(s, id!), expandList(params)));
  r.add("POST", "/v1/subscription_schedules/:id", ["phases", "end_behavior", "metadata", "proration_behavior", "default_settings"], ({ params, pathParams: [id] }) => {
    const schedule = scheduleOrMissing(s, id!);
    if (schedule.status !== "active" && schedule.status !== "not_started") throw invalid(`You cannot update a subscription schedule that is ${String(schedule.status)}.`);
    const sub = s.subscriptions.get(schedule.subscription as string)!;
    if (params.phases !== undefined) {
      const phases = arr(params.phases).map((p, n) => phaseOf(obj(p as Params), n, s));
      // The current phase keeps its start (https://docs.stripe.com/billing/subscriptions/subscription-schedules#updating).
      const current = (schedule.phases as Json[])[0]!;
      if (phases[0] && phases[0].start_date !== null && phases[0].start_date !== current.start_date) throw invalid("You can not modify the start date of the current phase.", "phases[0][start_date]");
      // "the end_date of one phase will always equal the start_date of the next phase" (https://docs.stripe.com/api/subscription_schedules/update#update_subscription_schedule-phases).
      for (let n = 1; n < phases.length; n++) {
        const prev = phases[n - 1]!;
        if (phases[n]!.start_date !== null && prev.end_date !== null && phases[n]!.start_date !== prev.end_date)
          throw invalid("The end_date of a phase must equal the start_date of the next.", `phases[${n}][start_date]`);
        if (phases[n]!.start_date === null) phases[n]!.start_date = prev.end_date;
      }
      phases[0]!.start_date ??= current.start_date;
      schedule.phases = phases;
    }
    if (str(params.end_behavior)) schedule.end_behavior = str(params.end_behavior);
    if (params.metadata) schedule.metadata = metadata(params.metadata, schedule.metadata as Record<string, string>);
    emit(s, "subscription_schedule.updated", schedule, s.now(sub.customer as string));
    return expand(s, schedule, expandList(params));
  });
  r.add("POST", "/v1/subscription_schedules/:id/release", ["preserve_cancel_date"], ({ params, pathParams: [id] }) => {
    const schedule = scheduleOrMissing(s, id!);
    // Only a not_started or active schedule can be released (https://docs.stripe.com/api/subscription_schedules/release).
    if (schedule.status !== "active" && schedule.status !== "not_started") throw invalid(`You cannot release a subscription schedule that is currently in the \`${String(schedule.status)}\` status.`);
    release(s, schedule);
    return expand(s, schedule, expandList(params));
  });
}

function release(state: FakeState, schedule: Obj): void {
  const sub = state.subscriptions.get(schedule.subscription as string);
  const at = state.now(schedule.customer as string);
  schedule.status = "released";
  schedule.released_at = at;
  schedule.released_subscription = schedule.subscription;
  schedule.subscription = null;
  emit(state, "subscription_schedule.released", schedule, at);
  if (sub) {
    sub.schedule = null;
    emit(state, "customer.subscription.updated", sub, at, { schedule: schedule.id });
  }
}

/**
 * At a period end: the schedule's phase that starts then sets the items'
 * prices; when its last phase ends, end_behavior release releases it and the
 * subscription goes on with the last phase's prices
 * (https://docs.stripe.com/api/subscription_schedules/object#subscription_schedule_object-end_behavior).
 */
export function applySchedulePhase(state: FakeState, sub: Obj, boundary: number): void {
  const schedule = sub.schedule ? state.subscriptionSchedules.get(sub.schedule as string) : undefined;
  if (!schedule || schedule.status !== "active") return;
  const phases = schedule.phases as Json[];
  const last = phases[phases.length - 1]!;
  const duration = last.duration as { interval: string; interval_count: number } | null;
  const lastEnd = (last.end_date as number | null) ?? (duration ? addInterval(last.start_date as number, duration.interval, duration.interval_count) : null);
  if (lastEnd !== null && boundary >= lastEnd && schedule.end_behavior === "release") {
    release(state, schedule);
    return;
  }
  applyScheduledPrices(state, sub, boundary);
}

/** Sets the items' prices from the schedule phase that starts at `boundary`, if any (on the subscription, or on a preview's copy). */
export function applyScheduledPrices(state: FakeState, sub: Obj, boundary: number): void {
  const schedule = sub.schedule ? state.subscriptionSchedules.get(sub.schedule as string) : undefined;
  if (!schedule || schedule.status !== "active") return;
  const next = (schedule.phases as Json[]).find((p) => p.start_date === boundary);
  if (!next) return;
  const wanted = next.items as Array<{ price: string }>;
  items(sub).forEach((item, n) => {
    const price = wanted[n] ? state.prices.get(wanted[n].price) : undefined;
    if (price) item.price = copy(price);
  });
}

/**
 * A subscription managed by a schedule refuses a direct change of its
 * cancellation: "updating any cancelation behavior directly is not allowed.
 * Please update the schedule instead" (https://docs.stripe.com/billing/subscriptions/subscription-schedules#updating).
 */
export function scheduledCancelProblem(sub: Obj, params: Params): ReturnType<typeof invalid> | null {
  if (!sub.schedule || (params.cancel_at_period_end === undefined && params.cancel_at === undefined)) return null;
  return invalid(
    `The subscription is managed by the subscription schedule \`${String(sub.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
  );
}

import { invalid, missing } from "./errors";
import { num, str } from "./params";
import { emit } from "./events";
import { expand, expandList, type Router } from "./router";
import { list, type FakeState, type Obj } from "./state";
import { attemptPayment, finalize } from "./objects/invoices";
import { endPeriod, endTrial, periodEnd } from "./objects/subscription-cycle";

export function clockOrMissing(state: FakeState, id: string, param = "test_clock"): Obj {
  const c = state.clocks.get(id);
  if (!c) throw missing("test_clock", id, param);
  return c;
}

export function newClock(state: FakeState, frozenTime: number, name: string | null): Obj {
  const clock: Obj = {
    id: state.id("clock"),
    object: "test_helpers.test_clock",
    created: state.realNow(),
    deletes_after: state.realNow() + 30 * 86_400,
    frozen_time: frozenTime,
    livemode: false,
    name,
    status: "ready",
    status_details: {},
  };
  state.clocks.set(clock.id, clock);
  return clock;
}

type Due = { at: number; run: () => void };

/** The next thing that happens on a clock at or before `until`: a trial end, a period end, an invoice's finalization or payment attempt. */
function nextDue(state: FakeState, clockId: string, until: number): Due | null {
  let best: Due | null = null;
  const consider = (at: number | null | undefined, run: () => void) => {
    if (typeof at !== "number" || at > until) return;
    if (!best || at < best.at) best = { at, run };
  };
  const onClock = (customer: unknown) => state.customers.get(customer as string)?.test_clock === clockId;
  for (const sub of state.subscriptions.values()) {
    if (!onClock(sub.customer)) continue;
    if (sub.status === "trialing") {
      // customer.subscription.trial_will_end: three days before the trial ends (https://stripe.com/docs/billing/subscriptions/trials).
      const warnAt = (sub.trial_end as number) - 3 * 86_400;
      if (!state.trialWillEndSent.has(sub.id) && warnAt > (sub.created as number)) {
        consider(warnAt, () => {
          state.trialWillEndSent.add(sub.id);
          emit(state, "customer.subscription.trial_will_end", sub, warnAt);
        });
      }
      consider(sub.trial_end as number, () => endTrial(state, sub));
    } else if (sub.status === "active" || sub.status === "past_due" || sub.status === "unpaid") consider(periodEnd(sub), () => endPeriod(state, sub));
  }
  for (const inv of state.invoices.values()) {
    if (!onClock(inv.customer)) continue;
    if (inv.status === "draft" && inv.auto_advance) consider(inv.automatically_finalizes_at as number | null, () => finalize(state, inv));
    if (inv.status === "open" && inv.auto_advance) consider(inv.next_payment_attempt as number | null, () => attemptPayment(state, inv, null));
  }
  return best;
}

/**
 * Advances a test clock (https://docs.stripe.com/billing/testing/test-clocks):
 * everything due on its customers' subscriptions and invoices happens in time
 * order, each at its own moment, then the clock rests at `to`.
 */
export function advanceClock(state: FakeState, clockId: string, to: number): Obj {
  const clock = clockOrMissing(state, clockId, "test_clock");
  if (to <= (clock.frozen_time as number)) throw invalid("The frozen time must be after the test clock's current frozen time.", "frozen_time");
  try {
    for (let guard = 0; guard < 10_000; guard++) {
      const due = nextDue(state, clockId, to);
      if (!due) break;
      state.advancing.set(clockId, Math.max(due.at, clock.frozen_time as number));
      due.run();
    }
  } finally {
    state.advancing.delete(clockId);
  }
  clock.frozen_time = to;
  clock.status = "ready";
  emit(state, "test_helpers.test_clock.ready", clock, state.realNow());
  return clock;
}

export function registerClocks(r: Router): void {
  const s = r.state;
  r.add("POST", "/v1/test_helpers/test_clocks", ["frozen_time", "name"], ({ params }) => {
    const frozen = num(params.frozen_time);
    if (frozen === undefined) throw invalid("Missing required param: frozen_time.", "frozen_time", "parameter_missing");
    const clock = newClock(s, frozen, str(params.name) ?? null);
    emit(s, "test_helpers.test_clock.created", clock, s.realNow());
    return expand(s, clock, expandList(params));
  });
  r.add("GET", "/v1/test_helpers/test_clocks/:id", [], ({ params, pathParams: [id] }) => expand(s, clockOrMissing(s, id!, "test_clock"), expandList(params)));
  r.add("GET", "/v1/test_helpers/test_clocks", ["limit", "starting_after", "ending_before"], () => list([...s.clocks.values()].reverse(), "/v1/test_helpers/test_clocks"));
  r.add("DELETE", "/v1/test_helpers/test_clocks/:id", [], ({ pathParams: [id] }) => {
    const clock = clockOrMissing(s, id!, "test_clock");
    s.clocks.delete(clock.id);
    return { id: clock.id, object: "test_helpers.test_clock", deleted: true };
  });
  // Stripe answers `advancing` and works in the background until the clock is `ready` again; the fake is done before it answers.
  r.add("POST", "/v1/test_helpers/test_clocks/:id/advance", ["frozen_time"], ({ params, pathParams: [id] }) => {
    const to = num(params.frozen_time);
    if (to === undefined) throw invalid("Missing required param: frozen_time.", "frozen_time", "parameter_missing");
    const clock = advanceClock(s, id!, to);
    return { ...expand(s, clock, expandList(params)), status: "advancing" };
  });
}

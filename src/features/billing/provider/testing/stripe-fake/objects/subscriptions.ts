import { invalid, missing } from "../errors";
import { arr, bool, metadata, num, obj, str, type Params } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import { copy, list, type FakeState, type Json, type Obj } from "../state";
import { customerOrMissing, requireAttached } from "./customers";
import { priceOrMissing } from "./catalogue";
import { addLine, attemptPayment, finalize, newInvoice } from "./invoices";
import { newSetupIntent } from "./setup-intents";
import { cycleLines, endSubscription, periodEnd, setPeriod } from "./subscription-cycle";
import { chargeSucceeds } from "./payment-methods";
import { firstInvoiceRefusal } from "../rules";
import { applyItemChange, scheduledCancelProblem } from "./plan-change";

export function subscriptionOrMissing(state: FakeState, id: string, param = "id"): Obj {
  const sub = state.subscriptions.get(id);
  if (!sub) throw missing("subscription", id, param);
  return sub;
}

function show(state: FakeState, sub: Obj, params: Params): Json {
  return expand(state, sub, expandList(params));
}

/** Subscriptions: create (trial, pending setup, first invoice), retrieve, update, list, cancel. */
export function registerSubscriptions(r: Router): void {
  const s = r.state;
  r.add(
    "POST",
    "/v1/subscriptions",
    [
      "customer",
      "items",
      "trial_period_days",
      "trial_end",
      "trial_settings",
      "payment_behavior",
      "payment_settings",
      "default_payment_method",
      "metadata",
      "collection_method",
      "billing_mode",
      "cancel_at_period_end",
      "description",
      "off_session",
      "proration_behavior",
      "days_until_due",
    ],
    ({ params }) => {
      const customerId = str(params.customer);
      if (!customerId) throw invalid("Missing required param: customer.", "customer", "parameter_missing");
      const customer = customerOrMissing(s, customerId, "customer");
      const wanted = arr(params.items).map((i) => obj(i as Params));
      if (wanted.length === 0) throw invalid("Missing required param: items.", "items", "parameter_missing");
      const pm = str(params.default_payment_method) ?? null;
      if (pm) requireAttached(s, customerId, pm, "default_payment_method");
      const at = s.now(customerId);
      const trialRequested = Boolean(num(params.trial_period_days)) || (str(params.trial_end) !== undefined && str(params.trial_end) !== "now");
      const card = pm ?? ((customer.invoice_settings as Json | undefined)?.default_payment_method as string | null) ?? null;
      const refusal = firstInvoiceRefusal(str(params.payment_behavior) ?? "allow_incomplete", trialRequested, chargeSucceeds(s, card));
      if (refusal) throw refusal;
      const id = s.id("sub");
      const subItems = wanted.map((w, n) => {
        const price = priceOrMissing(s, str(w.price) ?? "", `items[${n}][price]`);
        if (!price.recurring) throw invalid(`The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, `items[${n}][price]`);
        const metered = (price.recurring as Json).usage_type === "metered";
        // Metered prices take no quantity (https://docs.stripe.com/api/subscriptions/create, items.quantity).
        if (metered && w.quantity !== undefined) throw invalid("Quantity should not be specified where usage_type is `metered`. Remove quantity from `items[0]`.", `items[${n}][quantity]`);
        return {
          id: s.id("si"),
          object: "subscription_item",
          created: at,
          metadata: {},
          price: copy(price),
          quantity: metered ? undefined : (num(w.quantity) ?? 1),
          subscription: id,
          current_period_start: at,
          current_period_end: at,
          discounts: [],
          tax_rates: [],
        };
      });
      const trialDays = num(params.trial_period_days);
      const trialEndParam = str(params.trial_end);
      const trialEnd = trialDays ? at + trialDays * 86_400 : trialEndParam && trialEndParam !== "now" ? Number(trialEndParam) : null;
      const endBehaviour = str(obj(obj(params.trial_settings).end_behavior).missing_payment_method) ?? "create_invoice";
      const paymentSettings = obj(params.payment_settings);
      const sub: Obj = {
        id,
        object: "subscription",
        application: null,
        billing_cycle_anchor: trialEnd ?? at,
        billing_mode: { type: str(obj(params.billing_mode).type) ?? "flexible" },
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        collection_method: str(params.collection_method) ?? "charge_automatically",
        created: at,
        currency: "usd",
        customer: customerId,
        default_payment_method: pm,
        description: str(params.description) ?? null,
        ended_at: null,
        items: { object: "list", data: subItems, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
        latest_invoice: null,
        livemode: false,
        metadata: metadata(params.metadata),
        pause_collection: null,
        payment_settings: {
          payment_method_options: null,
          payment_method_types: arr(paymentSettings.payment_method_types).filter((t) => typeof t === "string"),
          save_default_payment_method: str(paymentSettings.save_default_payment_method) ?? "off",
        },
        pending_setup_intent: null,
        schedule: null,
        start_date: at,
        status: trialEnd ? "trialing" : "incomplete",
        test_clock: customer.test_clock ?? null,
        trial_end: trialEnd,
        trial_settings: { end_behavior: { missing_payment_method: endBehaviour } },
        trial_start: trialEnd ? at : null,
      };
      if ((sub.payment_settings as Json).payment_method_types instanceof Array && ((sub.payment_settings as Json).payment_method_types as unknown[]).length === 0) {
        (sub.payment_settings as Json).payment_method_types = null;
      }
      if (trialEnd) for (const item of subItems) item.current_period_end = trialEnd;
      else setPeriod(sub, at);
      const behaviour = str(params.payment_behavior) ?? "allow_incomplete";
      // The first invoice: $0 (paid) for a trial, else the first period.
      const inv = newInvoice(s, { customer: customerId, subscription: id, billingReason: "subscription_create", autoAdvance: true, period: { start: at, end: at } });
      if (!trialEnd) cycleLines(s, sub, inv, { start: at, end: at }, { start: at, end: periodEnd(sub) }, false);
      else
        addLine(s, inv, {
          amount: 0,
          quantity: 1,
          description: `Trial period for ${String(s.products.get(subItems[0]!.price.product as string)?.name ?? "plan")}`,
          period: { start: at, end: trialEnd },
          price: subItems[0]!.price as Obj,
          subscription: id,
          subscriptionItem: subItems[0]!.id,
        });
      sub.latest_invoice = inv.id;
      // The subscription is stored (and announced) once its first invoice is settled, so no update precedes its creation.
      finalize(s, inv);
      if (trialEnd && behaviour === "default_incomplete" && !pm) {
        // With a trial nothing is due: a SetupIntent collects the card (https://docs.stripe.com/billing/subscriptions/overview#using-setupintents).
        const si = newSetupIntent(s, { customer: customerId, usage: "off_session", paymentMethodTypes: ["card"] });
        sub.pending_setup_intent = si.id;
      } else if (!trialEnd) {
        if (behaviour === "default_incomplete") {
          // The invoice stays open for the client to confirm (latest_invoice.confirmation_secret).
        } else if (inv.status === "open") {
          if (attemptPayment(s, inv, pm)) sub.status = "active";
        } else {
          sub.status = "active";
        }
      }
      s.subscriptions.set(id, sub);
      emit(s, "customer.subscription.created", sub, at);
      return show(s, sub, params);
    },
  );
  r.add("GET", "/v1/subscriptions/:id", [], ({ params, pathParams: [id] }) => show(s, subscriptionOrMissing(s, id!), params));
  r.add(
    "POST",
    "/v1/subscriptions/:id",
    [
      "cancel_at_period_end",
      "cancel_at",
      "default_payment_method",
      "metadata",
      "description",
      "proration_behavior",
      "payment_behavior",
      "cancellation_details",
      "trial_end",
      "off_session",
      "items",
      "proration_date",
    ],
    ({ params, pathParams: [id] }) => {
      const sub = subscriptionOrMissing(s, id!);
      const at = s.now(sub.customer as string);
      if (sub.status === "canceled") throw invalid("A canceled subscription can only update its cancellation_details and metadata.", undefined, "invalid_canceled_subscription_fields");
      const scheduled = scheduledCancelProblem(sub, params);
      if (scheduled) throw scheduled;
      const previous: Json = {};
      const cancel = bool(params.cancel_at_period_end);
      if (cancel !== undefined && cancel !== sub.cancel_at_period_end) {
        Object.assign(previous, { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at, canceled_at: sub.canceled_at });
        sub.cancel_at_period_end = cancel;
        sub.cancel_at = cancel ? (sub.status === "trialing" ? (sub.trial_end as number) : periodEnd(sub)) : null;
        sub.canceled_at = cancel ? at : null;
      }
      const pm = str(params.default_payment_method);
      if (pm !== undefined) {
        if (pm) requireAttached(s, sub.customer as string, pm, "default_payment_method");
        previous.default_payment_method = sub.default_payment_method;
        sub.default_payment_method = pm || null;
      }
      if (params.metadata) {
        previous.metadata = sub.metadata;
        sub.metadata = metadata(params.metadata, sub.metadata as Record<string, string>);
      }
      if (str(params.description) !== undefined) sub.description = str(params.description) || null;
      const itemsBefore = applyItemChange(s, sub, params);
      if (itemsBefore) Object.assign(previous, itemsBefore);
      emit(s, "customer.subscription.updated", sub, at, previous);
      return show(s, sub, params);
    },
  );
  r.add("DELETE", "/v1/subscriptions/:id", ["invoice_now", "prorate", "cancellation_details"], ({ params, pathParams: [id] }) => {
    const sub = subscriptionOrMissing(s, id!);
    if (sub.status !== "canceled") endSubscription(s, sub, s.now(sub.customer as string));
    return show(s, sub, params);
  });
  r.add("GET", "/v1/subscriptions", ["customer", "status", "price", "limit", "starting_after", "ending_before", "test_clock", "created", "collection_method"], ({ params }) => {
    const customer = str(params.customer);
    const status = str(params.status);
    const data = [...s.subscriptions.values()]
      // Without status, canceled subscriptions are left out (https://docs.stripe.com/api/subscriptions/list, status).
      .filter((sub) => (!customer || sub.customer === customer) && (status === "all" ? true : status ? sub.status === status : sub.status !== "canceled"))
      .sort((a, b) => (b.created as number) - (a.created as number));
    return expand(s, list(data, "/v1/subscriptions"), expandList(params));
  });
}

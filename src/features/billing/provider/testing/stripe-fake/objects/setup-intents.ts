import { FakeError, invalid, missing } from "../errors";
import { arr, bool, metadata, obj, str } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import type { FakeState, Obj } from "../state";
import { customerOrMissing } from "./customers";
import { attach, resolvePaymentMethod } from "./payment-methods";
import { adoptPendingSetup } from "./subscription-cycle";

/** A new SetupIntent for a customer (also made for a subscription's pending_setup_intent). */
export function newSetupIntent(state: FakeState, input: { customer: string | null; usage?: string; paymentMethodTypes?: string[]; automatic?: boolean; metadata?: Record<string, string> }): Obj {
  const id = state.id("seti");
  const si: Obj = {
    id,
    object: "setup_intent",
    application: null,
    allowed_payment_method_types: null,
    automatic_payment_methods: input.automatic ? { allow_redirects: "always", enabled: true } : null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
    created: state.now(input.customer),
    customer: input.customer,
    description: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata ?? {},
    next_action: null,
    payment_method: null,
    payment_method_types: input.paymentMethodTypes ?? ["card"],
    status: "requires_payment_method",
    usage: input.usage ?? "off_session",
  };
  state.setupIntents.set(id, si);
  emit(state, "setup_intent.created", si, si.created as number);
  return si;
}

/**
 * Confirms a SetupIntent with a payment method: a test card that declines
 * leaves it requires_payment_method with last_setup_error and answers 402;
 * otherwise the card is attached to the customer and the intent succeeds.
 */
function confirm(state: FakeState, si: Obj, pmRef: string | undefined): Obj {
  if (si.status === "succeeded" || si.status === "canceled") {
    throw new FakeError(400, { type: "invalid_request_error", code: "setup_intent_unexpected_state", message: `You cannot confirm this SetupIntent because it has a status of ${String(si.status)}.` });
  }
  const ref = pmRef ?? (si.payment_method as string | null);
  if (!ref) throw invalid("You must provide a payment method to confirm this SetupIntent.", "payment_method", "parameter_missing");
  const pm = resolvePaymentMethod(state, ref);
  const at = state.now(si.customer as string | null);
  try {
    if (si.customer) attach(state, pm, si.customer as string);
  } catch (err) {
    if (err instanceof FakeError && err.error.type === "card_error") {
      si.status = "requires_payment_method";
      si.last_setup_error = { ...err.error, payment_method: { id: pm.id, object: "payment_method", type: "card" } };
      emit(state, "setup_intent.setup_failed", si, at);
      throw new FakeError(402, { ...err.error, param: "payment_method", setup_intent: JSON.parse(JSON.stringify(si)) });
    }
    throw err;
  }
  si.payment_method = pm.id;
  si.status = "succeeded";
  si.last_setup_error = null;
  emit(state, "setup_intent.succeeded", si, at);
  adoptPendingSetup(state, si);
  return si;
}

export function registerSetupIntents(r: Router): void {
  const s = r.state;
  // SDK 23 / API 2026-10-28.endive: `payment_method_types` is gone from SetupIntent create and update; `allowed_payment_method_types` replaced it.
  r.add(
    "POST",
    "/v1/setup_intents",
    [
      "customer",
      "usage",
      "allowed_payment_method_types",
      "excluded_payment_method_types",
      "automatic_payment_methods",
      "payment_method",
      "confirm",
      "metadata",
      "description",
      "return_url",
      "single_use",
      "flow_directions",
    ],
    ({ params }) => {
      const customer = str(params.customer);
      if (customer) customerOrMissing(s, customer, "customer");
      const types = arr(params.allowed_payment_method_types).filter((t): t is string => typeof t === "string");
      const automatic = bool(obj(params.automatic_payment_methods).enabled);
      const si = newSetupIntent(s, {
        customer: customer ?? null,
        usage: str(params.usage),
        paymentMethodTypes: types.length > 0 ? types : ["card"],
        automatic: types.length === 0 && automatic !== false,
        metadata: metadata(params.metadata),
      });
      si.allowed_payment_method_types = types.length > 0 ? types : null;
      const pm = str(params.payment_method);
      if (pm) si.payment_method = resolvePaymentMethod(s, pm).id;
      if (bool(params.confirm)) confirm(s, si, pm);
      else if (pm) si.status = "requires_confirmation";
      return expand(s, si, expandList(params));
    },
  );
  r.add("POST", "/v1/setup_intents/:id", ["metadata", "description", "customer", "payment_method", "allowed_payment_method_types", "excluded_payment_method_types"], ({ params, pathParams: [id] }) => {
    const si = s.setupIntents.get(id!);
    if (!si) throw missing("setup_intent", id!, "intent");
    if (params.metadata) si.metadata = metadata(params.metadata, si.metadata as Record<string, string>);
    if (str(params.description) !== undefined) si.description = str(params.description) || null;
    const customer = str(params.customer);
    if (customer) si.customer = customerOrMissing(s, customer, "customer").id;
    const pm = str(params.payment_method);
    if (pm) si.payment_method = resolvePaymentMethod(s, pm).id;
    return expand(s, si, expandList(params));
  });
  r.add("GET", "/v1/setup_intents/:id", ["client_secret"], ({ params, pathParams: [id] }) => {
    const si = s.setupIntents.get(id!);
    if (!si) throw missing("setup_intent", id!, "intent");
    return expand(s, si, expandList(params));
  });
  r.add("POST", "/v1/setup_intents/:id/confirm", ["payment_method", "return_url", "mandate_data", "use_stripe_sdk"], ({ params, pathParams: [id] }) => {
    const si = s.setupIntents.get(id!);
    if (!si) throw missing("setup_intent", id!, "intent");
    return expand(s, confirm(s, si, str(params.payment_method)), expandList(params));
  });
}

import { declined, invalid, missing } from "../errors";
import { str } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import { list, type CardBehaviour, type FakeState, type Obj } from "../state";
import { customerOrMissing } from "./customers";

/**
 * Stripe's test payment methods (https://docs.stripe.com/testing#cards and
 * #declined-payments): `pm_card_visa` succeeds; `pm_card_chargeDeclined` is
 * declined when set up or attached (card_declined); `pm_card_chargeCustomerFail`
 * attaches, but every charge of it is declined. Using one makes a new
 * PaymentMethod (pm_...) as Stripe does.
 */
const TEST_CARDS: Record<string, { behaviour: CardBehaviour; brand: string; last4: string }> = {
  pm_card_visa: { behaviour: "succeeds", brand: "visa", last4: "4242" },
  pm_card_mastercard: { behaviour: "succeeds", brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { behaviour: "declines_on_attach", brand: "visa", last4: "0002" },
  pm_card_chargeCustomerFail: { behaviour: "declines_charges", brand: "visa", last4: "0341" },
};

/** The PaymentMethod a request names: a test token makes a new one; an id must exist. */
export function resolvePaymentMethod(state: FakeState, ref: string, param = "payment_method"): Obj {
  const test = TEST_CARDS[ref];
  if (test) {
    const id = state.id("pm");
    const pm: Obj = {
      id,
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: { address: null, email: null, name: null, phone: null },
      card: { brand: test.brand, country: "US", exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: "credit", last4: test.last4 },
      created: state.realNow(),
      customer: null,
      livemode: false,
      metadata: {},
      type: "card",
    };
    state.paymentMethods.set(id, pm);
    state.cardBehaviour.set(id, test.behaviour);
    return pm;
  }
  const pm = state.paymentMethods.get(ref);
  if (!pm) throw missing("payment_method", ref, param);
  return pm;
}

/** Attaches a payment method to a customer; a card that declines on attach is refused (402). */
export function attach(state: FakeState, pm: Obj, customerId: string): void {
  if (state.cardBehaviour.get(pm.id) === "declines_on_attach") throw declined("generic_decline");
  if (pm.customer && pm.customer !== customerId)
    throw invalid("This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.", "payment_method");
  if (pm.customer === customerId) return;
  pm.customer = customerId;
  emit(state, "payment_method.attached", pm, state.now(customerId));
}

/** Whether charging this payment method goes through. */
export function chargeSucceeds(state: FakeState, pmId: string | null): boolean {
  if (!pmId) return false;
  return state.cardBehaviour.get(pmId) === "succeeds";
}

export function registerPaymentMethods(r: Router): void {
  const s = r.state;
  r.add("GET", "/v1/payment_methods/:id", [], ({ params, pathParams: [id] }) => {
    const pm = s.paymentMethods.get(id!);
    if (!pm) throw missing("payment_method", id!);
    return expand(s, pm, expandList(params));
  });
  r.add("POST", "/v1/payment_methods/:id/attach", ["customer"], ({ params, pathParams: [id] }) => {
    const customer = customerOrMissing(s, str(params.customer) ?? "", "customer");
    const pm = resolvePaymentMethod(s, id!, "payment_method");
    attach(s, pm, customer.id);
    return expand(s, pm, expandList(params));
  });
  r.add("GET", "/v1/payment_methods", ["customer", "type", "limit", "starting_after", "ending_before"], ({ params }) => {
    const customer = str(params.customer);
    const type = str(params.type);
    return list([...s.paymentMethods.values()].filter((p) => (!customer || p.customer === customer) && (!type || p.type === type)).reverse(), "/v1/payment_methods");
  });
  r.add("GET", "/v1/customers/:id/payment_methods", ["type", "limit", "starting_after", "ending_before", "allow_redisplay"], ({ params, pathParams: [id] }) => {
    customerOrMissing(s, id!);
    const type = str(params.type);
    return list([...s.paymentMethods.values()].filter((p) => p.customer === id && (!type || p.type === type)).reverse(), `/v1/customers/${id}/payment_methods`);
  });
}

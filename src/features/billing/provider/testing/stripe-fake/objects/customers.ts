import { invalid, missing } from "../errors";
import { metadata, obj, str } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import { list, type FakeState, type Obj } from "../state";
import { clockOrMissing } from "../clock";

export function customerOrMissing(state: FakeState, id: string, param = "id"): Obj {
  const c = state.customers.get(id);
  if (!c || c.deleted) throw missing("customer", id, param);
  return c;
}

/** A payment method must be attached to the customer before it can be its default. */
export function requireAttached(state: FakeState, customerId: string, pmId: string, param: string): void {
  const pm = state.paymentMethods.get(pmId);
  if (!pm) throw missing("payment_method", pmId, param);
  if (pm.customer !== customerId) {
    throw invalid(`The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`, param);
  }
}

/** Customers: create (optionally on a test clock), retrieve, update (metadata, invoice_settings.default_payment_method). */
export function registerCustomers(r: Router): void {
  const s = r.state;
  r.add("POST", "/v1/customers", ["email", "name", "metadata", "description", "phone", "test_clock", "invoice_settings", "payment_method"], ({ params }) => {
    const clockId = str(params.test_clock) ?? s.defaultClockId;
    if (clockId) clockOrMissing(s, clockId, "test_clock");
    const id = s.id("cus");
    const customer: Obj = {
      id,
      object: "customer",
      address: null,
      balance: 0,
      created: s.clockNow(clockId),
      currency: null,
      default_source: null,
      delinquent: false,
      description: str(params.description) ?? null,
      email: str(params.email) ?? null,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadata(params.metadata),
      name: str(params.name) ?? null,
      next_invoice_sequence: 1,
      phone: str(params.phone) ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: clockId ?? null,
    };
    s.customers.set(id, customer);
    emit(s, "customer.created", customer, customer.created as number);
    return expand(s, customer, expandList(params));
  });
  r.add("GET", "/v1/customers/:id", [], ({ params, pathParams: [id] }) => expand(s, customerOrMissing(s, id!), expandList(params)));
  r.add("POST", "/v1/customers/:id", ["email", "name", "metadata", "description", "phone", "invoice_settings"], ({ params, pathParams: [id] }) => {
    const c = customerOrMissing(s, id!);
    const previous: Record<string, unknown> = {};
    const settings = obj(params.invoice_settings);
    const pm = str(settings.default_payment_method);
    if (pm !== undefined) {
      if (pm !== "") requireAttached(s, c.id, pm, "invoice_settings[default_payment_method]");
      previous.invoice_settings = { ...(c.invoice_settings as object) };
      c.invoice_settings = { ...(c.invoice_settings as object), default_payment_method: pm || null };
    }
    for (const key of ["email", "name", "description", "phone"] as const) {
      const v = str(params[key]);
      if (v !== undefined) {
        previous[key] = c[key];
        c[key] = v || null;
      }
    }
    if (params.metadata) {
      previous.metadata = c.metadata;
      c.metadata = metadata(params.metadata, c.metadata as Record<string, string>);
    }
    emit(s, "customer.updated", c, s.now(c.id), previous);
    return expand(s, c, expandList(params));
  });
  r.add("GET", "/v1/customers", ["email", "limit", "starting_after", "ending_before", "test_clock", "created"], ({ params }) => {
    const email = str(params.email);
    const clock = str(params.test_clock);
    const data = [...s.customers.values()].filter((c) => !c.deleted && (!email || c.email === email) && (!clock || c.test_clock === clock)).reverse();
    return list(data, "/v1/customers");
  });
}

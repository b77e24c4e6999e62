import { FakeError, invalid, missing } from "../errors";
import { bool, metadata, num, obj, str, type Params } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import { list, type FakeState, type Json, type Obj } from "../state";
import { customerOrMissing } from "./customers";
import { chargeSucceeds, resolvePaymentMethod } from "./payment-methods";
import { afterSubscriptionInvoicePayment, previewRenewal } from "./subscription-cycle";
import { subscriptionOrMissing } from "./subscriptions";
import { previewChange } from "./plan-change";

/** An invoice preview (the next invoice, or what a change prorates): a draft without an id, of `amount` for `sub`'s customer, with the fields of its kind. */
export function previewInvoice(sub: Obj, amount: number, fields: Json): Json {
  return {
    id: null,
    object: "invoice",
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    currency: "usd",
    customer: sub.customer,
    livemode: false,
    status: "draft",
    subtotal: amount,
    total: amount,
    ...fields,
  };
}

export type LineInput = {
  amount: number;
  quantity: number;
  description: string;
  period: { start: number; end: number };
  price: Obj | null;
  invoiceItem?: string;
  subscription?: string | null;
  subscriptionItem?: string;
};

/** A draft invoice (https://docs.stripe.com/api/invoices/object), basil+ shape: parent.subscription_details, no `paid`/`subscription`. */
export function newInvoice(
  state: FakeState,
  input: {
    customer: string;
    subscription: string | null;
    billingReason: string;
    autoAdvance: boolean;
    collectionMethod?: string;
    metadata?: Record<string, string>;
    description?: string | null;
    period?: { start: number; end: number };
  },
): Obj {
  const customer = customerOrMissing(state, input.customer, "customer");
  const at = state.now(input.customer);
  const id = state.id("in");
  const inv: Obj = {
    id,
    object: "invoice",
    account_country: "US",
    amount_due: 0,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: input.autoAdvance,
    automatically_finalizes_at: input.autoAdvance ? at + 3600 : null,
    billing_reason: input.billingReason,
    collection_method: input.collectionMethod ?? "charge_automatically",
    created: at,
    currency: "usd",
    customer: input.customer,
    customer_email: customer.email ?? null,
    customer_name: customer.name ?? null,
    default_payment_method: null,
    description: input.description ?? null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    last_finalization_error: null,
    lines: { object: "list", data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: input.metadata ?? {},
    next_payment_attempt: null,
    number: null,
    parent: input.subscription ? { type: "subscription_details", quote_details: null, subscription_details: { metadata: {}, subscription: input.subscription } } : null,
    period_end: input.period?.end ?? at,
    period_start: input.period?.start ?? at,
    status: "draft",
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: 0,
    test_clock: customer.test_clock ?? null,
    total: 0,
  };
  state.invoices.set(id, inv);
  emit(state, "invoice.created", inv, at);
  return inv;
}

export function subscriptionOfInvoice(inv: Obj): string | null {
  const parent = inv.parent as { subscription_details?: { subscription?: string } } | null;
  return parent?.subscription_details?.subscription ?? null;
}

export function lines(inv: Obj): Json[] {
  return (inv.lines as { data: Json[] }).data;
}

export function addLine(state: FakeState, inv: Obj, line: LineInput): void {
  const product = line.price ? (line.price.product as string) : null;
  lines(inv).push({
    id: state.id("il"),
    object: "line_item",
    amount: line.amount,
    currency: "usd",
    description: line.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: inv.id,
    livemode: false,
    metadata: {},
    parent: line.invoiceItem
      ? {
          type: "invoice_item_details",
          invoice_item_details: { invoice_item: line.invoiceItem, proration: false, proration_details: { credited_items: null }, subscription: line.subscription ?? null },
          subscription_item_details: null,
        }
      : {
          type: "subscription_item_details",
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: line.subscription ?? null,
            subscription_item: line.subscriptionItem ?? null,
          },
        },
    period: line.period,
    pricing: line.price ? { type: "price_details", price_details: { price: line.price.id, product }, unit_amount_decimal: String(line.quantity ? line.amount / line.quantity : line.amount) } : null,
    quantity: line.quantity,
    taxes: [],
  });
  recompute(inv);
}

export function recompute(inv: Obj): void {
  const total = lines(inv).reduce((sum, l) => sum + (l.amount as number), 0);
  inv.subtotal = total;
  inv.total = total;
  inv.amount_due = total;
  inv.amount_remaining = total - (inv.amount_paid as number);
}

/** Pending invoice items of a customer (of one subscription, when given) move onto a draft. */
export function pullPendingItems(state: FakeState, inv: Obj, subscription: string | null): void {
  for (const item of state.invoiceItems.values()) {
    if (item.invoice || item.customer !== inv.customer) continue;
    if ((item.subscription ?? null) !== subscription) continue;
    item.invoice = inv.id;
    addItemLine(state, inv, item);
  }
}

export function addItemLine(state: FakeState, inv: Obj, item: Obj): void {
  const pricing = item.pricing as { price_details?: { price?: string } } | null;
  const priceId = pricing?.price_details?.price;
  addLine(state, inv, {
    amount: item.amount as number,
    quantity: item.quantity as number,
    description: (item.description as string | null) ?? "Invoice item",
    period: item.period as { start: number; end: number },
    price: priceId ? (state.prices.get(priceId) ?? null) : null,
    invoiceItem: item.id,
    subscription: (item.subscription as string | null) ?? null,
  });
}

/**
 * Finalizes a draft: open with a number and hosted URL; an invoice for
 * nothing is paid at once. With automatic collection (auto_advance), Stripe
 * tries the payment about an hour later (next_payment_attempt); the fake
 * does when its test clock passes that moment.
 */
export function finalize(state: FakeState, inv: Obj, autoAdvance?: boolean): void {
  if (inv.status !== "draft") throw invalid(`This invoice is already finalized, you can't re-finalize a non-draft invoice.`, undefined, "invoice_not_editable");
  const at = state.now(inv.customer as string);
  const customer = state.customers.get(inv.customer as string)!;
  const seq = customer.next_invoice_sequence as number;
  customer.next_invoice_sequence = seq + 1;
  if (autoAdvance !== undefined) inv.auto_advance = autoAdvance;
  inv.status = "open";
  inv.number = `${String(customer.invoice_prefix)}-${String(seq).padStart(4, "0")}`;
  inv.hosted_invoice_url = `https://invoice.stripe.com/i/acct_fake/test_${String(inv.id)}`;
  inv.invoice_pdf = `https://pay.stripe.com/invoice/acct_fake/test_${String(inv.id)}/pdf`;
  inv.automatically_finalizes_at = null;
  (inv.status_transitions as Json).finalized_at = at;
  inv.next_payment_attempt = inv.auto_advance && inv.collection_method === "charge_automatically" ? at + 3600 : null;
  emit(state, "invoice.finalized", inv, at);
  if ((inv.amount_due as number) === 0) markPaid(state, inv, at);
}

function markPaid(state: FakeState, inv: Obj, at: number): void {
  inv.status = "paid";
  inv.amount_paid = inv.amount_due;
  inv.amount_remaining = 0;
  inv.next_payment_attempt = null;
  (inv.status_transitions as Json).paid_at = at;
  emit(state, "invoice.updated", inv, at, { status: "open" });
  emit(state, "invoice.paid", inv, at);
  emit(state, "invoice.payment_succeeded", inv, at);
}

/** The card an invoice is charged to: the one given, else the invoice's, subscription's, customer's default. */
function cardFor(state: FakeState, inv: Obj, given: string | null): string | null {
  if (given) return given;
  if (inv.default_payment_method) return inv.default_payment_method as string;
  const sub = subscriptionOfInvoice(inv);
  const subDefault = sub ? (state.subscriptions.get(sub)?.default_payment_method as string | null) : null;
  if (subDefault) return subDefault;
  const customer = state.customers.get(inv.customer as string);
  return ((customer?.invoice_settings as Json | undefined)?.default_payment_method as string | null) ?? null;
}

/**
 * One payment attempt of an open invoice. Paid: invoice.paid; declined (or
 * no card): invoice.payment_failed, the invoice stays open. A subscription
 * invoice moves its subscription (subscriptions.ts). Returns whether it paid.
 */
export function attemptPayment(state: FakeState, inv: Obj, paymentMethod: string | null): boolean {
  const at = state.now(inv.customer as string);
  const card = cardFor(state, inv, paymentMethod);
  inv.attempt_count = (inv.attempt_count as number) + 1;
  inv.attempted = true;
  // No automatic retry is simulated after a failure (Smart Retries are account settings).
  inv.next_payment_attempt = null;
  const ok = chargeSucceeds(state, card);
  if (ok) markPaid(state, inv, at);
  else {
    emit(state, "invoice.payment_failed", inv, at);
    emit(state, "invoice.updated", inv, at, { attempt_count: (inv.attempt_count as number) - 1 });
  }
  afterSubscriptionInvoicePayment(state, inv, ok);
  return ok;
}

export function voidInvoice(state: FakeState, inv: Obj): void {
  if (inv.status !== "open" && inv.status !== "uncollectible")
    throw invalid(`You can only void invoices that are open or uncollectible; this one is ${String(inv.status)}.`, undefined, "invoice_not_editable");
  const at = state.now(inv.customer as string);
  inv.status = "void";
  inv.next_payment_attempt = null;
  (inv.status_transitions as Json).voided_at = at;
  emit(state, "invoice.voided", inv, at);
  afterSubscriptionInvoicePayment(state, inv, null);
}

export function invoiceOrMissing(state: FakeState, id: string): Obj {
  const inv = state.invoices.get(id);
  if (!inv || inv.deleted) throw missing("invoice", id, "invoice");
  return inv;
}

/** Invoices: create (draft), retrieve, delete a draft, finalize, pay, void, mark uncollectible, list, preview. */
export function registerInvoices(r: Router): void {
  const s = r.state;
  r.add(
    "POST",
    "/v1/invoices",
    ["customer", "subscription", "auto_advance", "collection_method", "pending_invoice_items_behavior", "metadata", "description", "days_until_due", "default_payment_method", "currency"],
    ({ params }) => {
      const customer = str(params.customer);
      if (!customer) throw invalid("Missing required param: customer.", "customer", "parameter_missing");
      customerOrMissing(s, customer, "customer");
      const subscription = str(params.subscription) ?? null;
      if (subscription && subscriptionOrMissing(s, subscription, "subscription").customer !== customer) {
        throw invalid("The subscription does not belong to this customer.", "subscription");
      }
      const inv = newInvoice(s, {
        customer,
        subscription,
        billingReason: "manual",
        autoAdvance: bool(params.auto_advance) ?? true,
        collectionMethod: str(params.collection_method),
        metadata: metadata(params.metadata),
        description: str(params.description) ?? null,
      });
      if (str(params.default_payment_method)) inv.default_payment_method = str(params.default_payment_method);
      // https://docs.stripe.com/api/invoices/create (pending_invoice_items_behavior): `include` pulls the customer's pending items; `exclude` (the default) does not.
      if (str(params.pending_invoice_items_behavior) === "include") pullPendingItems(s, inv, subscription);
      return expand(s, inv, expandList(params));
    },
  );
  r.add("GET", "/v1/invoices/:id", [], ({ params, pathParams: [id] }) => expand(s, invoiceOrMissing(s, id!), expandList(params)));
  r.add("DELETE", "/v1/invoices/:id", [], ({ pathParams: [id] }) => {
    const inv = invoiceOrMissing(s, id!);
    if (inv.status !== "draft") throw invalid("You can only delete draft invoices.", undefined, "invoice_not_editable");
    s.invoices.delete(inv.id);
    for (const [itemId, item] of s.invoiceItems) if (item.invoice === inv.id) s.invoiceItems.delete(itemId);
    emit(s, "invoice.deleted", inv, s.now(inv.customer as string));
    return { id: inv.id, object: "invoice", deleted: true };
  });
  r.add("POST", "/v1/invoices/:id/finalize", ["auto_advance"], ({ params, pathParams: [id] }) => {
    const inv = invoiceOrMissing(s, id!);
    finalize(s, inv, bool(params.auto_advance));
    return expand(s, inv, expandList(params));
  });
  r.add("POST", "/v1/invoices/:id/pay", ["payment_method", "off_session", "paid_out_of_band", "forgive", "mandate", "source"], ({ params, pathParams: [id] }) => {
    const inv = invoiceOrMissing(s, id!);
    if (inv.status === "paid") throw invalid("Invoice is already paid", undefined, "invoice_already_paid");
    if (inv.status !== "open") throw invalid(`You can only pay open invoices; this one is ${String(inv.status)}.`, undefined, "invoice_not_editable");
    const ref = str(params.payment_method);
    let card: string | null = null;
    if (ref) {
      const pm = resolvePaymentMethod(s, ref);
      if (pm.customer && pm.customer !== inv.customer) throw invalid("The payment method belongs to another customer.", "payment_method");
      card = pm.id;
    }
    if (bool(params.paid_out_of_band)) {
      inv.status = "paid";
      (inv.status_transitions as Json).paid_at = s.now(inv.customer as string);
      afterSubscriptionInvoicePayment(s, inv, true);
      return expand(s, inv, expandList(params));
    }
    if (!attemptPayment(s, inv, card)) {
      throw new FakeError(402, { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." });
    }
    return expand(s, inv, expandList(params));
  });
  r.add("POST", "/v1/invoices/:id/void", [], ({ params, pathParams: [id] }) => {
    const inv = invoiceOrMissing(s, id!);
    voidInvoice(s, inv);
    return expand(s, inv, expandList(params));
  });
  r.add("POST", "/v1/invoices/:id/mark_uncollectible", [], ({ params, pathParams: [id] }) => {
    const inv = invoiceOrMissing(s, id!);
    if (inv.status !== "open") throw invalid(`You can only mark open invoices uncollectible; this one is ${String(inv.status)}.`, undefined, "invoice_not_editable");
    const at = s.now(inv.customer as string);
    inv.status = "uncollectible";
    inv.next_payment_attempt = null;
    (inv.status_transitions as Json).marked_uncollectible_at = at;
    emit(s, "invoice.marked_uncollectible", inv, at);
    return expand(s, inv, expandList(params));
  });
  r.add("GET", "/v1/invoices", ["customer", "subscription", "status", "collection_method", "limit", "starting_after", "ending_before", "created", "due_date"], ({ params }) => {
    const customer = str(params.customer);
    const subscription = str(params.subscription);
    const status = str(params.status);
    const limit = num(params.limit) ?? 10;
    const data = [...s.invoices.values()]
      .filter((i) => (!customer || i.customer === customer) && (!subscription || subscriptionOfInvoice(i) === subscription) && (!status || i.status === status))
      .sort((a, b) => (b.created as number) - (a.created as number))
      .slice(0, limit);
    return list(data, "/v1/invoices");
  });
  r.add("POST", "/v1/invoices/create_preview", ["customer", "subscription", "subscription_details", "invoice_items", "preview_mode", "currency"], ({ params }) => {
    const customer = str(params.customer);
    const subscription = str(params.subscription);
    if (!subscription) throw invalid("The fake previews a subscription's next invoice only: pass subscription.", "subscription");
    const sub = subscriptionOrMissing(s, subscription, "subscription");
    if (customer && sub.customer !== customer) throw invalid("The subscription does not belong to this customer.", "subscription");
    if (params.subscription_details !== undefined) return previewChange(s, sub, obj(params.subscription_details as Params));
    return previewRenewal(s, sub);
  });
}

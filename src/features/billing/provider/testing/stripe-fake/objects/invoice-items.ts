import { invalid, missing } from "../errors";
import { metadata, num, obj, str } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import type { Json, Obj } from "../state";
import { customerOrMissing } from "./customers";
import { priceOrMissing } from "./catalogue";
import { addItemLine, invoiceOrMissing, lines, recompute, subscriptionOfInvoice } from "./invoices";
import { subscriptionOrMissing } from "./subscriptions";

/**
 * Invoice items: on a draft invoice, or pending (for the customer's next
 * invoice, or a subscription's next renewal when `subscription` is given);
 * delete. Priced by `pricing.price` (one-time prices only: LoopbackStripe
 * refuses recurring ones), `price_data` (an inline one-time price),
 * `amount` or `unit_amount_decimal`.
 */
export function registerInvoiceItems(r: Router): void {
  const s = r.state;
  r.add(
    "POST",
    "/v1/invoiceitems",
    ["customer", "invoice", "subscription", "pricing", "price_data", "quantity", "description", "period", "currency", "unit_amount_decimal", "amount", "metadata", "discountable", "tax_behavior"],
    ({ params }) => {
      const customer = str(params.customer);
      if (!customer) throw invalid("Missing required param: customer.", "customer", "parameter_missing");
      customerOrMissing(s, customer, "customer");
      const invoiceId = str(params.invoice) ?? null;
      const inv = invoiceId ? invoiceOrMissing(s, invoiceId) : null;
      // https://docs.stripe.com/api/invoiceitems/create (invoice): items are added to draft invoices only.
      if (inv && inv.status !== "draft") throw invalid(`You can only add invoice items to draft invoices; invoice ${inv.id} is ${String(inv.status)}.`, "invoice", "invoice_not_editable");
      if (inv && inv.customer !== customer) throw invalid("The invoice belongs to another customer.", "invoice");
      // At most 250 items per invoice (https://docs.stripe.com/api/invoiceitems/create).
      if (inv && lines(inv).length >= 250) throw invalid("An invoice can have at most 250 invoice items.", "invoice");
      const subscription = str(params.subscription) ?? (inv ? subscriptionOfInvoice(inv) : null);
      if (str(params.subscription)) subscriptionOrMissing(s, str(params.subscription)!, "subscription");
      const quantity = num(params.quantity) ?? 1;
      let price: Obj | null = null;
      let unit: number;
      const pricing = obj(params.pricing);
      const priceData = obj(params.price_data);
      if (str(pricing.price)) {
        // One-time prices only: LoopbackStripe refuses recurring ones before this runs.
        price = priceOrMissing(s, str(pricing.price)!, "pricing[price]");
        unit = (price.unit_amount as number | null) ?? 0;
      } else if (str(priceData.product)) {
        const product = str(priceData.product)!;
        if (!s.products.has(product)) throw missing("product", product, "price_data[product]");
        unit = num(priceData.unit_amount) ?? Number(str(priceData.unit_amount_decimal) ?? 0);
        price = {
          id: s.id("price"),
          object: "price",
          active: false,
          currency: str(priceData.currency) ?? "usd",
          product,
          recurring: null,
          type: "one_time",
          unit_amount: unit,
          unit_amount_decimal: String(unit),
          lookup_key: null,
          metadata: {},
          nickname: null,
          created: s.now(customer),
          livemode: false,
          billing_scheme: "per_unit",
        };
        s.prices.set(price.id, price);
      } else if (params.amount !== undefined) {
        unit = num(params.amount)!;
      } else if (params.unit_amount_decimal !== undefined) {
        unit = Number(str(params.unit_amount_decimal));
      } else {
        throw invalid("You must specify either `amount`, `pricing`, `price_data` or `unit_amount_decimal`.", "amount");
      }
      const period = obj(params.period);
      const at = s.now(customer);
      const amount = params.amount !== undefined && !price ? unit : Math.round(unit * quantity);
      const item: Obj = {
        id: s.id("ii"),
        object: "invoiceitem",
        amount,
        currency: str(params.currency) ?? (price?.currency as string | undefined) ?? "usd",
        customer,
        date: at,
        description: str(params.description) ?? null,
        discountable: true,
        invoice: inv ? inv.id : null,
        livemode: false,
        metadata: metadata(params.metadata),
        parent: subscription ? { type: "subscription_details", subscription_details: { subscription, subscription_item: null } } : null,
        period: { start: num(period.start) ?? at, end: num(period.end) ?? at },
        pricing: price ? { type: "price_details", price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(unit) } : null,
        proration: false,
        quantity,
        subscription: subscription ?? null,
        test_clock: s.customers.get(customer)!.test_clock ?? null,
      };
      s.invoiceItems.set(item.id, item);
      if (inv) addItemLine(s, inv, item);
      emit(s, "invoiceitem.created", item, at);
      const { subscription: _internal, ...shown } = item;
      void _internal;
      return expand(s, shown, expandList(params));
    },
  );
  r.add("DELETE", "/v1/invoiceitems/:id", [], ({ pathParams: [id] }) => {
    const item = s.invoiceItems.get(id!);
    if (!item) throw missing("invoiceitem", id!);
    const inv = item.invoice ? s.invoices.get(item.invoice as string) : undefined;
    if (inv && inv.status !== "draft") throw invalid("You can only delete invoice items of draft invoices.", undefined, "invoice_not_editable");
    if (inv) {
      const itemOf = (l: Json) => (l.parent as { invoice_item_details?: { invoice_item?: string } | null } | null)?.invoice_item_details?.invoice_item;
      (inv.lines as { data: Json[] }).data = lines(inv).filter((l) => itemOf(l) !== item.id);
      recompute(inv);
    }
    s.invoiceItems.delete(item.id);
    emit(s, "invoiceitem.deleted", item, s.now(item.customer as string));
    return { id: item.id, object: "invoiceitem", deleted: true };
  });
}

import "server-only";
import Stripe from "stripe";
import { ProviderError, type InvoiceLine, type ProviderInvoice, type ProviderInvoiceStatus } from "./port";
import { idempotencyKeyFor } from "./idempotency";
import { callStripe, idOf, providerError, toDate, unix } from "./stripe-calls";

/**
 * The Stripe adapter's invoices: reading them, and one-off billing (overage):
 * bill-now invoices and items for the next invoice, each made under the
 * caller's idempotency key and tagged with it (metadata `billing_key`), so
 * what a failed entry left behind can be found and removed
 * (discardUnfinishedBilling).
 */

const BILLING_KEY = "billing_key";

/** The metadata that tags what one call made with its key (Stripe metadata values hold 500 characters). */
function billingTag(idempotencyKey: string): { [BILLING_KEY]: string } {
  return { [BILLING_KEY]: idempotencyKey.slice(0, 500) };
}

/**
 * One line as an invoice item: on a draft invoice (`invoice`) or pending for
 * a subscription's next invoice (`subscription`), tagged with the caller's key.
 */
async function itemParams(
  stripe: Stripe,
  line: InvoiceLine,
  cache: Map<string, Stripe.Price>,
  target: { customer: string; invoice: string } | { customer: string; subscription: string },
  period: { start: Date; end: Date },
  idempotencyKey: string,
): Promise<Stripe.InvoiceItemCreateParams> {
  return {
    ...target,
    quantity: line.quantity,
    description: line.description || line.productName,
    period: { start: unix(period.start), end: unix(period.end) },
    metadata: billingTag(idempotencyKey),
    ...(await itemPricing(stripe, line, cache)),
  } as Stripe.InvoiceItemCreateParams;
}

export function toInvoice(inv: Stripe.Invoice): ProviderInvoice {
  const firstLine = inv.lines?.data?.[0]?.description ?? null;
  return {
    id: inv.id!,
    customerId: idOf(inv.customer)!,
    subscriptionId: idOf(inv.parent?.subscription_details?.subscription ?? null),
    // Stripe's type admits statuses added later; the mirror stores them as text (ADR 0014).
    status: (inv.status ?? "draft") as ProviderInvoiceStatus,
    description: inv.description ?? firstLine ?? (inv.number ? `Invoice ${inv.number}` : "Invoice"),
    amountDue: inv.amount_due,
    amountPaid: inv.amount_paid,
    currency: inv.currency,
    hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
    invoicePdfUrl: inv.invoice_pdf ?? null,
    periodStart: toDate(inv.period_start),
    periodEnd: toDate(inv.period_end),
    createdAt: toDate(inv.created)!,
    metadata: { ...(inv.metadata ?? {}) },
  };
}

/**
 * The invoice item parameters of one line. Stripe accepts only one-time
 * prices on invoice items, and the catalogue's prices are all recurring
 * (the plan prices and the metered usage prices), so a line never sends
 * `pricing[price]`: it sends `price_data` (the catalogue price's product and
 * currency, the line's unit amount), which makes an inline one-time price.
 * A line without a price is a custom amount (cents).
 */
async function itemPricing(stripe: Stripe, line: InvoiceLine, cache: Map<string, Stripe.Price>): Promise<Partial<Stripe.InvoiceItemCreateParams>> {
  if (line.priceId) {
    let price = cache.get(line.priceId);
    if (!price) {
      const id = line.priceId;
      price = await callStripe(() => stripe.prices.retrieve(id));
      cache.set(id, price);
    }
    return { price_data: { currency: price.currency, product: idOf(price.product)!, unit_amount: line.unitAmount } };
  }
  return { currency: "usd", unit_amount_decimal: Stripe.Decimal.from(line.unitAmount) };
}

/**
 * Undoes a half-made bill-now invoice after a failure that retrying will
 * not cure: the draft (and with it its items) is deleted, or voided if it
 * was finalized after all. A retryable failure leaves everything in place:
 * the caller retries the whole entry under the same keys, which replays
 * what was done and carries on. When the clean-up itself fails the error
 * comes back retryable, so the caller tries again rather than leaving
 * anything to be billed.
 */
async function discardInvoice(stripe: Stripe, invoiceId: string, cause: ProviderError): Promise<void> {
  try {
    const inv = await stripe.invoices.retrieve(invoiceId);
    if (inv.status === "draft") await stripe.invoices.del(invoiceId);
    else if (inv.status === "open") await stripe.invoices.voidInvoice(invoiceId);
  } catch (err) {
    const e = providerError(err);
    if (e.code === "resource_missing") return;
    throw new ProviderError(cause.message, cause.code, true, cause.type);
  }
}

/** Deletes pending invoice items made for an entry that failed (see discardInvoice). */
async function discardItems(stripe: Stripe, itemIds: string[], cause: ProviderError): Promise<void> {
  for (const id of itemIds) {
    try {
      await stripe.invoiceItems.del(id);
    } catch (err) {
      const e = providerError(err);
      if (e.code === "resource_missing") continue;
      throw new ProviderError(cause.message, cause.code, true, cause.type);
    }
  }
}

/**
 * Bill now: a draft (auto_advance false, so a half-filled draft is never
 * finalized by Stripe on its own), its items, then finalize with automatic
 * collection (auto_advance true: Stripe keeps collecting and retries a
 * failed payment, and its dunning settings decide the end) and one payment
 * attempt at once. A declined attempt leaves the invoice open with its
 * hosted URL. A failure before the invoice is finalized that retrying will
 * not cure deletes the draft, so nothing of it is ever billed.
 */
export async function createInvoiceNow(
  stripe: Stripe,
  input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date }; metadata: Record<string, string> },
  idempotencyKey: string,
): Promise<ProviderInvoice> {
  const draftParams: Stripe.InvoiceCreateParams = {
    customer: input.customerId,
    subscription: input.subscriptionId,
    auto_advance: false,
    pending_invoice_items_behavior: "exclude",
    collection_method: "charge_automatically",
    metadata: { ...input.metadata, ...billingTag(idempotencyKey) },
  };
  const draft = await callStripe(() => stripe.invoices.create(draftParams, { idempotencyKey: idempotencyKeyFor(idempotencyKey, draftParams) }));
  let inv: Stripe.Invoice;
  try {
    const cache = new Map<string, Stripe.Price>();
    let i = 0;
    for (const line of input.lines) {
      const item = await itemParams(stripe, line, cache, { customer: input.customerId, invoice: draft.id! }, input.period, idempotencyKey);
      const n = i++;
      await callStripe(() => stripe.invoiceItems.create(item, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-item-${n}`, item) }));
    }
    const finalize: Stripe.InvoiceFinalizeInvoiceParams = { auto_advance: true };
    inv = await callStripe(() =>
      stripe.invoices.finalizeInvoice(draft.id!, finalize, {
        idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-finalize`, { invoice: draft.id, ...finalize }),
      }),
    );
  } catch (err) {
    const e = providerError(err);
    if (!e.retryable) await discardInvoice(stripe, draft.id!, e);
    throw e;
  }
  if (inv.status === "open" && inv.amount_due > 0) {
    try {
      inv = await stripe.invoices.pay(inv.id!, {}, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-pay`, { invoice: inv.id }) });
    } catch (err) {
      // The invoice is final and Stripe collects it automatically: a decline
      // (or an unanswered attempt) leaves it open with its hosted URL. Read
      // it again in case the attempt went through and only the answer was lost.
      const e = providerError(err);
      if (!e.isCardError) {
        try {
          inv = await stripe.invoices.retrieve(inv.id!);
        } catch {
          // Keep the finalized invoice as answered.
        }
      }
    }
  }
  return toInvoice(inv);
}

/**
 * Next invoice: one pending item per line. A failure that retrying will not
 * cure deletes the items already made for this call, so a failed entry
 * leaves nothing for the renewal invoice to bill.
 */
export async function addPendingInvoiceItems(
  stripe: Stripe,
  input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date } },
  idempotencyKey: string,
): Promise<void> {
  const cache = new Map<string, Stripe.Price>();
  const created: string[] = [];
  try {
    let i = 0;
    for (const line of input.lines) {
      const item = await itemParams(stripe, line, cache, { customer: input.customerId, subscription: input.subscriptionId }, input.period, idempotencyKey);
      const n = i++;
      const made = await callStripe(() => stripe.invoiceItems.create(item, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-${n}`, item) }));
      created.push(made.id);
    }
  } catch (err) {
    const e = providerError(err);
    if (!e.retryable) await discardItems(stripe, created, e);
    throw e;
  }
}

/**
 * Removes what an entry that finally failed left at Stripe: the draft
 * invoices and the pending invoice items tagged with its key (an entry whose
 * retries ran out after a temporary outage, with some of its items made).
 * Finalized invoices are left alone: a finalized entry was billed.
 */
export async function discardUnfinishedBilling(stripe: Stripe, customerId: string, idempotencyKey: string): Promise<void> {
  const key = billingTag(idempotencyKey)[BILLING_KEY];
  await callStripe(async () => {
    for await (const inv of stripe.invoices.list({ customer: customerId, status: "draft", limit: 100 })) {
      if (inv.metadata?.[BILLING_KEY] === key) await stripe.invoices.del(inv.id!);
    }
    for await (const item of stripe.invoiceItems.list({ customer: customerId, pending: true, limit: 100 })) {
      if (item.metadata?.[BILLING_KEY] === key) await stripe.invoiceItems.del(item.id);
    }
  });
}

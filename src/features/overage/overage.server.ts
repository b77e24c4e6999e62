import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { invoiceStatusesByProviderId } from "@/features/billing/account-subscriptions.server";
import { overageEntries, overageLineItems } from "@/db/schema";
import { defineJob, enqueueJob, jobStatus } from "@/lib/jobs";
import { badRequest, conflict, notFound } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { getProvider } from "@/features/billing/provider";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { ProviderError, type InvoiceLine, type ProviderPrice, type ProviderInvoice, type ProviderInvoiceStatus } from "@/features/billing/provider/port";
import { loadSubscription, waitUntil } from "@/features/usage/usage.server";
import { findPlan } from "@/features/plans/catalogue";
import { isPlanPrice } from "./plan-prices";
import {
  createEntrySchema,
  lineItemSchema,
  MAX_ENTRY_TOTAL_CENTS,
  PERIOD_REQUIRED,
  submitResultMessage,
  type CreateEntryInput,
  type LineItem,
  type LineItemInput,
  type OverageEntryView,
  type OverageLineItemView,
  type SubmitEntryResponse,
} from "./overage.schema";
import { isPaying } from "@/features/billing/subscription-state";

export const OVERAGE_BILL_JOB = "overage.bill";
/** After this many failed attempts with a retryable error the entry is marked failed. */
export const OVERAGE_MAX_ATTEMPTS = 8;
export const TRIAL_MESSAGE = "This subscription is in trial mode. No billing cycles are available yet.";

type EntryRow = typeof overageEntries.$inferSelect;
type ItemRow = typeof overageLineItems.$inferSelect;

export function overageIdempotencyKey(entryId: string): string {
  return `overage-${entryId}`;
}

function itemView(i: ItemRow): OverageLineItemView {
  return {
    id: i.id,
    stripePriceId: i.providerPriceId,
    productName: i.productName,
    unitLabel: i.unitLabel,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    totalPrice: i.totalPrice,
    description: i.description,
  };
}

/** Stored on a billed entry whose invoice was issued but not paid at once (the invoice stays open and the provider keeps collecting). */
const PAYMENT_NOT_COMPLETED = "The payment was not completed when the invoice was issued; the payment provider keeps collecting the open invoice.";

/**
 * The status admins see. The stored status `billed` only says an invoice
 * exists; what became of it is read from the mirrored invoice (the invoices
 * table, kept current by the webhook sync): paid, void, failed (uncollectible,
 * or still open after a failed payment) or open. Without a mirrored row yet it
 * stays `billed`.
 */
function shownStatus(e: Pick<EntryRow, "status" | "error">, invoiceStatus: ProviderInvoiceStatus | null | undefined): OverageEntryView["status"] {
  if (e.status !== "billed" || !invoiceStatus) return e.status;
  switch (invoiceStatus) {
    case "paid":
      return "paid";
    case "void":
      return "void";
    case "uncollectible":
      return "failed";
    case "open":
      return e.error ? "failed" : "open";
    default:
      return "billed";
  }
}

/** The mirrored invoice statuses of entries, by provider invoice id. */
async function invoiceStatuses(entries: EntryRow[]): Promise<Map<string, ProviderInvoiceStatus>> {
  const ids = entries.map((e) => e.providerInvoiceId).filter((id): id is string => Boolean(id));
  if (ids.length === 0) return new Map();
  const rows = await invoiceStatusesByProviderId(ids);
  return new Map(rows.map((r) => [r.id, r.status]));
}

function entryView(e: EntryRow, items: ItemRow[], invoiceStatus?: ProviderInvoiceStatus | null): OverageEntryView {
  return {
    id: e.id,
    subscriptionId: e.subscriptionId,
    periodStart: e.periodStart.toISOString(),
    periodEnd: e.periodEnd.toISOString(),
    billNow: e.billNow,
    status: shownStatus(e, invoiceStatus),
    totalAmount: e.totalAmount,
    stripeInvoiceUrl: e.invoiceUrl,
    createdAt: e.createdAt.toISOString(),
    lineItems: items.map(itemView),
  };
}

async function loadEntry(entryId: string): Promise<{ entry: EntryRow; items: ItemRow[] }> {
  const db = await getDb();
  const [entry] = await db.select().from(overageEntries).where(eq(overageEntries.id, entryId)).limit(1);
  if (!entry) throw notFound("Overage entry not found");
  const items = await db.select().from(overageLineItems).where(eq(overageLineItems.entryId, entryId)).orderBy(asc(overageLineItems.createdAt));
  return { entry, items };
}

export async function getEntry(entryId: string): Promise<OverageEntryView> {
  const { entry, items } = await loadEntry(entryId);
  return entryView(entry, items, (await invoiceStatuses([entry])).get(entry.providerInvoiceId ?? ""));
}

/** Starts a draft entry for one billing period of an active subscription. */
export async function createEntry(input: unknown, createdBy: string): Promise<OverageEntryView> {
  const period = (input && typeof input === "object" ? input : {}) as Partial<CreateEntryInput>;
  if (!period.periodStart || !period.periodEnd) throw badRequest(PERIOD_REQUIRED);
  const data = createEntrySchema.parse(input);
  const sub = await loadSubscription(data.subscriptionId);
  if (sub.status === "trialing") throw badRequest(TRIAL_MESSAGE);
  if (!isPaying(sub.status)) throw badRequest("Overage can only be billed for an active subscription");
  const periodStart = new Date(data.periodStart);
  const periodEnd = new Date(data.periodEnd);
  if (periodEnd <= periodStart) throw badRequest("The billing period must end after it starts");
  const db = await getDb();
  const [row] = await db.insert(overageEntries).values({ id: randomUUID(), subscriptionId: sub.id, periodStart, periodEnd, billNow: data.billNow, status: "draft", createdBy }).returning();
  return entryView(row!, []);
}

/** Adds a line item from the provider's price list; total = quantity x unit price (cents). */
export async function addLineItem(entryId: string, input: LineItemInput): Promise<OverageEntryView> {
  const data = lineItemSchema.parse(input);
  const { entry } = await loadEntry(entryId);
  const sub = await loadSubscription(entry.subscriptionId);
  if (entry.status !== "draft") throw conflict("This overage entry was already submitted");
  if (entry.totalAmount + data.quantity * data.unitPrice > MAX_ENTRY_TOTAL_CENTS) {
    throw badRequest("An overage entry may total at most $10,000,000.00: bill the rest in another entry");
  }
  const prices = await (await getProvider()).listPrices();
  const price = prices.find((p) => p.id === data.stripePriceId);
  if (!price) throw badRequest("Price not found");
  const planId = findPlan(sub.planId)?.id ?? sub.planId;
  if (!isPlanPrice(price, planId, sub.billing)) {
    throw badRequest(`That price is not one of this subscription's plan prices (${findPlan(planId)?.name ?? planId}, ${sub.billing}): choose one of them`);
  }
  const db = await getDb();
  await db.transaction((tx) => insertLineItem(tx, entryId, price, data));
  return getEntry(entryId);
}

/** Stores a validated line item and adds it to its entry's total, in the caller's transaction. */
export async function insertLineItem(tx: DbOrTx, entryId: string, price: ProviderPrice, data: LineItem): Promise<void> {
  const totalPrice = data.quantity * data.unitPrice;
  await tx.insert(overageLineItems).values({
    id: randomUUID(),
    entryId,
    providerPriceId: price.id,
    productName: price.productName,
    unitLabel: price.unitLabel,
    quantity: data.quantity,
    unitPrice: data.unitPrice,
    totalPrice,
    description: data.description?.trim() || null,
  });
  await tx
    .update(overageEntries)
    .set({ totalAmount: sql`${overageEntries.totalAmount} + ${totalPrice}` })
    .where(eq(overageEntries.id, entryId));
}

/**
 * Submits a draft: marks it pending and enqueues the billing job (key
 * `overage-<entryId>`) in one transaction, then waits up to `waitMs` for the
 * job so the answer can say billed + invoice URL. A repeated submit returns
 * the entry's current state without a second job.
 */
export async function submitEntry(entryId: string, opts: { waitMs?: number } = {}): Promise<SubmitEntryResponse> {
  const { entry, items } = await loadEntry(entryId);
  if (entry.status === "draft") {
    if (items.length === 0) throw badRequest("Add at least one line item before submitting");
    const db = await getDb();
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(overageEntries)
        .set({ status: "pending", submittedAt: new Date() })
        .where(and(eq(overageEntries.id, entryId), eq(overageEntries.status, "draft")))
        .returning({ id: overageEntries.id });
      if (updated.length === 0) return;
      await enqueueJob(tx, overageBillJob, { entryId }, { idempotencyKey: overageIdempotencyKey(entryId) });
    });
  }
  const waitMs = opts.waitMs ?? 0;
  if (waitMs > 0) {
    await waitUntil(async () => {
      const status = await jobStatus(overageBillJob, overageIdempotencyKey(entryId));
      return status !== "queued" && status !== "running";
    }, waitMs);
  }
  const current = (await loadEntry(entryId)).entry;
  const status: SubmitEntryResponse["status"] = current.status === "draft" ? "pending" : current.status;
  const result = { status, invoiceUrl: current.invoiceUrl, billNow: current.billNow };
  return { ...result, message: submitResultMessage(result).description };
}

async function markFailed(entryId: string, message: string): Promise<void> {
  const db = await getDb();
  await db
    .update(overageEntries)
    .set({ status: "failed", error: message })
    .where(and(eq(overageEntries.id, entryId), ne(overageEntries.status, "billed")));
}

/**
 * The billing job. Bill now: one invoice created, filled and finalized at
 * the provider under the idempotency key `overage-<entryId>` (a retry gets
 * the same invoice back); the invoice is collected automatically and paid at
 * once when the card allows, and the entry is `billed` (the History shows what
 * became of its invoice, see shownStatus). Otherwise the items are added to
 * the subscription's next invoice and the entry stays pending. A provider
 * refusal marks the entry failed, and the adapter has then removed what it had
 * made for the entry (draft invoice or pending items); a temporary outage
 * retries the whole entry under the same keys, and marks it failed after the
 * last attempt.
 */
export async function billOverageEntry(entryId: string, attempts: number): Promise<void> {
  const { entry, items } = await loadEntry(entryId);
  if (entry.status === "billed" || entry.status === "failed") return;
  if (entry.status === "pending" && !entry.billNow && entry.handedOverAt) return;
  const sub = await loadSubscription(entry.subscriptionId);
  const lines: InvoiceLine[] = items.map((i) => ({
    priceId: i.providerPriceId,
    productName: i.productName,
    description: i.description ?? i.productName,
    quantity: i.quantity,
    unitAmount: i.unitPrice,
  }));
  const period = { start: entry.periodStart, end: entry.periodEnd };
  const provider = await getProvider();
  const db = await getDb();
  try {
    if (entry.billNow) {
      const invoice = await provider.createInvoiceNow(
        { customerId: sub.providerCustomerId, subscriptionId: sub.providerSubscriptionId, lines, period, metadata: { overage_entry_id: entry.id } },
        overageIdempotencyKey(entry.id),
      );
      await db
        .update(overageEntries)
        .set({ status: "billed", providerInvoiceId: invoice.id, invoiceUrl: invoice.hostedInvoiceUrl, error: paymentNotCompleted(invoice) ? PAYMENT_NOT_COMPLETED : null })
        .where(eq(overageEntries.id, entry.id));
      await refreshCustomerMirror(sub.providerCustomerId);
    } else {
      await provider.addPendingInvoiceItems({ customerId: sub.providerCustomerId, subscriptionId: sub.providerSubscriptionId, lines, period }, overageIdempotencyKey(entry.id));
      // Stays pending until the next invoice; remember the items were handed over.
      await db.update(overageEntries).set({ handedOverAt: new Date(), error: null }).where(eq(overageEntries.id, entry.id));
      // The upcoming invoice now includes the items: the Subscription tab's amount follows at once.
      await refreshCustomerMirror(sub.providerCustomerId);
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const retryable = err instanceof ProviderError ? err.retryable : true;
    if (!retryable || attempts >= OVERAGE_MAX_ATTEMPTS) {
      logger.warn({ entryId, attempts, err: message }, "overage billing failed");
      // A refusal was cleaned up by the adapter; retries that ran out may have left items or a draft.
      if (retryable) await discardLeftovers(sub.providerCustomerId, entry.id);
      await markFailed(entry.id, message);
      return;
    }
    throw err;
  }
}

/** Removes what a failed entry left at the provider; if that fails too, the log says what to check. */
async function discardLeftovers(customerId: string, entryId: string): Promise<void> {
  try {
    await (await getProvider()).discardUnfinishedBilling(customerId, overageIdempotencyKey(entryId));
  } catch (err) {
    logger.error(
      { entryId, customerId, err: err instanceof Error ? err.message : String(err) },
      "overage entry failed and its pending items or draft invoice could not be removed: check the customer at the provider",
    );
  }
}

/**
 * createInvoiceNow tries to pay at once: an invoice still open with an amount
 * left to pay means that payment failed (a decline, or no usable card).
 */
function paymentNotCompleted(invoice: ProviderInvoice): boolean {
  return invoice.status === "open" && invoice.amountDue > invoice.amountPaid;
}

/** Refreshes the customer's mirrored subscriptions and invoices after billing (best effort). */
async function refreshCustomerMirror(providerCustomerId: string): Promise<void> {
  try {
    await syncCustomerSubscriptions(providerCustomerId);
  } catch (err) {
    logger.warn({ err: String(err), providerCustomerId }, "could not refresh the billing mirror after an overage invoice");
  }
}

/** Submitted entries (pending, billed, failed) of a subscription, newest first. */
export async function listEntries(subscriptionId: string): Promise<OverageEntryView[]> {
  await loadSubscription(subscriptionId);
  const db = await getDb();
  const entries = await db
    .select()
    .from(overageEntries)
    .where(and(eq(overageEntries.subscriptionId, subscriptionId), ne(overageEntries.status, "draft")))
    .orderBy(desc(overageEntries.createdAt));
  if (entries.length === 0) return [];
  const items = await db
    .select()
    .from(overageLineItems)
    .where(
      inArray(
        overageLineItems.entryId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(overageLineItems.createdAt));
  const statuses = await invoiceStatuses(entries);
  return entries.map((e) =>
    entryView(
      e,
      items.filter((i) => i.entryId === e.id),
      statuses.get(e.providerInvoiceId ?? ""),
    ),
  );
}

/** The durable billing job of one submitted entry (registered by the server in instrumentation.ts). */
export const overageBillJob = defineJob({
  kind: OVERAGE_BILL_JOB,
  schema: z.object({ entryId: z.string().min(1) }),
  maxAttempts: OVERAGE_MAX_ATTEMPTS,
  handler: async ({ entryId }, run) => billOverageEntry(entryId, run.attempt),
});

import "server-only";
import { getDb, type DbOrTx } from "@/lib/db";
import { config } from "@/lib/config";
import { findPlan, periodPrice, type Billing } from "@/features/plans/catalogue";

function periodPriceOf(planId: string, billing: Billing): number | null {
  const plan = findPlan(planId);
  return plan ? periodPrice(plan, billing) : null;
}
import { ProviderError, type InvoiceLine, type ProviderInvoice, type UpcomingInvoice } from "../provider/port";
import { chargeProblem } from "./customers-and-cards.server";
import type { InvoiceData, InvoiceItemData, InvoiceLineData, SubscriptionData } from "./sandbox-objects";
import { date, sandboxNow, sbxGet, sbxInsert, sbxList, sbxUpdate, type SandboxRow } from "./store.server";

/**
 * Sandbox invoices: each period's subscription invoice (with the pending
 * items waiting for it), one-off invoices, and pending invoice items. An
 * invoice is paid at once with the default card, or stays open (with the
 * reason) when there is none or its charge is declined.
 * Callers roll the subscription forward first (subscriptions.server.ts).
 */

export function sandboxInvoiceUrl(invoiceId: string): string {
  return `${config().baseUrl}/sandbox/invoices/${invoiceId}`;
}

function toInvoice(row: SandboxRow<InvoiceData>): ProviderInvoice {
  const d = row.data;
  return {
    id: row.id,
    customerId: row.customerId!,
    subscriptionId: d.subscriptionId,
    status: d.status,
    description: d.description,
    amountDue: d.amountDue,
    amountPaid: d.amountPaid,
    currency: d.currency,
    hostedInvoiceUrl: sandboxInvoiceUrl(row.id),
    invoicePdfUrl: null,
    periodStart: date(d.periodStart),
    periodEnd: date(d.periodEnd),
    createdAt: new Date(d.created),
    metadata: d.metadata,
  };
}

/**
 * Stripe's checks on an invoice item: a whole, non-negative quantity and unit
 * amount (in cents), else a 400 that retrying does not cure.
 */
function checkLine(l: InvoiceLine, index: number): void {
  for (const [param, value] of [
    ["quantity", l.quantity],
    ["unit_amount", l.unitAmount],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) {
      throw new ProviderError(`Invalid non-negative integer: line ${index + 1}, ${param}`, "parameter_invalid_integer", false);
    }
  }
}

function lineOf(l: InvoiceLine): InvoiceLineData {
  return {
    description: l.description || l.productName,
    quantity: l.quantity,
    unitAmount: l.unitAmount,
    amount: l.quantity * l.unitAmount,
    priceId: l.priceId,
  };
}

/** Items of the subscription not yet on an invoice. */
async function pendingItems(customerId: string, subscriptionId: string, tx?: DbOrTx): Promise<SandboxRow<InvoiceItemData>[]> {
  return (await sbxList<InvoiceItemData>("invoice_item", customerId, tx)).filter((i) => i.data.subscriptionId === subscriptionId && !i.data.invoiceId);
}

/** Creates (once) the invoice of the period starting at `start` and tries to pay it; true when paid. */
export async function invoicePeriod(sub: SandboxRow<SubscriptionData>, start: Date, end: Date, tx: DbOrTx): Promise<boolean> {
  const plan = findPlan(sub.data.planId);
  const lines: InvoiceLineData[] = [
    {
      description: `1 × ${plan?.name ?? sub.data.planId} Plan (${sub.data.billing === "annual" ? "annual" : "monthly"})`,
      quantity: 1,
      unitAmount: sub.data.amount,
      amount: sub.data.amount,
      priceId: sub.data.priceId,
    },
  ];
  const pending = await pendingItems(sub.customerId!, sub.id, tx);
  for (const item of pending) lines.push(item.data.line);
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const problem = await chargeProblem(sub, tx);
  const pay = problem === null;
  const inv = await sbxInsert<InvoiceData>(
    "invoice",
    {
      customerId: sub.customerId,
      idempotencyKey: `period-${sub.id}-${Math.floor(start.getTime() / 1000)}`,
      data: {
        subscriptionId: sub.id,
        status: pay ? "paid" : "open",
        description: `Subscription: ${plan?.name ?? sub.data.planId} Plan (${sub.data.billing})`,
        amountDue: total,
        amountPaid: pay ? total : 0,
        currency: "usd",
        lines,
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
        created: start.toISOString(),
        metadata: {},
        lastError: problem,
      },
    },
    tx,
  );
  for (const item of pending) {
    item.data.invoiceId = inv.id;
    await sbxUpdate("invoice_item", item.id, item.data, tx);
  }
  return inv.data.status === "paid";
}

/** The proration of an immediate plan change (ADR 0114): invoiced and charged at once, once per key; true when paid (or nothing is due). */
export async function invoiceProration(sub: SandboxRow<SubscriptionData>, prorations: Array<{ description: string; amount: number }>, at: Date, idempotencyKey: string, tx: DbOrTx): Promise<boolean> {
  const lines: InvoiceLineData[] = prorations.map((l) => ({ description: l.description, quantity: 1, unitAmount: l.amount, amount: l.amount, priceId: null }));
  const total = Math.max(
    0,
    lines.reduce((n, l) => n + l.amount, 0),
  );
  const problem = total > 0 ? await chargeProblem(sub, tx) : null;
  const pay = problem === null;
  const plan = findPlan(sub.data.planId);
  const inv = await sbxInsert<InvoiceData>(
    "invoice",
    {
      customerId: sub.customerId,
      idempotencyKey: `proration-${idempotencyKey}`,
      data: {
        subscriptionId: sub.id,
        status: pay ? "paid" : "open",
        description: `Plan change: ${plan?.name ?? sub.data.planId} Plan (${sub.data.billing})`,
        amountDue: total,
        amountPaid: pay ? total : 0,
        currency: "usd",
        lines,
        periodStart: at.toISOString(),
        periodEnd: at.toISOString(),
        created: at.toISOString(),
        metadata: {},
        lastError: problem,
      },
    },
    tx,
  );
  return inv.data.status === "paid";
}

/**
 * Tries again to pay the subscription's open invoices with its card (the
 * subscription's default, else the customer's). Paid ones become paid; the
 * others keep the new reason. True when none of its invoices is left open.
 */
export async function payOpenInvoices(sub: SandboxRow<SubscriptionData>, tx: DbOrTx): Promise<boolean> {
  const open = (await sbxList<InvoiceData>("invoice", sub.customerId!, tx)).filter((i) => i.data.subscriptionId === sub.id && i.data.status === "open");
  const problem = await chargeProblem(sub, tx);
  for (const inv of open) {
    if (problem === null) {
      inv.data.status = "paid";
      inv.data.amountPaid = inv.data.amountDue;
    }
    inv.data.lastError = problem;
    await sbxUpdate("invoice", inv.id, inv.data, tx);
  }
  return open.length === 0 || problem === null;
}

/** The customer's invoices, newest first. */
export async function listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]> {
  const rows = await sbxList<InvoiceData>("invoice", customerId);
  return rows
    .map(toInvoice)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
    .slice(0, limit);
}

/** An invoice with its lines and, while it is open, why its last payment failed. */
export async function retrieveInvoice(id: string): Promise<(ProviderInvoice & { lines: InvoiceLineData[]; lastError: string | null }) | null> {
  const row = await sbxGet<InvoiceData>("invoice", id);
  return row ? { ...toInvoice(row), lines: row.data.lines, lastError: row.data.lastError } : null;
}

/** The next invoice of a rolled-forward subscription: its plan price plus pending items; none when it is ending. */
export async function upcomingInvoice(customerId: string, sub: SandboxRow<SubscriptionData> | null): Promise<UpcomingInvoice | null> {
  if (!sub || sub.customerId !== customerId || sub.data.status === "canceled" || sub.data.cancelAtPeriodEnd) return null;
  const pending = await pendingItems(customerId, sub.id);
  const end = new Date(sub.data.currentPeriodEnd);
  // A downgrade waiting for this period's end is the plan the next invoice bills (ADR 0114).
  const change = sub.data.pendingChange;
  const planPrice = change && new Date(change.at).getTime() <= end.getTime() ? (periodPriceOf(change.planId, change.billing) ?? sub.data.amount) : sub.data.amount;
  const amount = planPrice + pending.reduce((s, i) => s + i.data.line.amount, 0);
  return { amountDue: amount, periodEnd: end, nextPaymentAttempt: end };
}

/** Creates and pays (with the default card) a one-off invoice of a rolled-forward subscription. */
export async function createInvoiceNow(
  sub: SandboxRow<SubscriptionData> | null,
  input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date }; metadata: Record<string, string> },
  idempotencyKey: string,
): Promise<ProviderInvoice> {
  if (!sub || sub.customerId !== input.customerId) {
    throw new ProviderError(`No such subscription: '${input.subscriptionId}'`, "resource_missing", false);
  }
  if (input.lines.length === 0) throw new ProviderError("An invoice needs at least one line item.", "invoice_no_line_items", false);
  // Every line is checked before the invoice exists: a refused line leaves no invoice behind (Stripe's adapter deletes its draft).
  input.lines.forEach(checkLine);
  const lines = input.lines.map(lineOf);
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const problem = await chargeProblem(sub, await getDb());
  const pay = problem === null;
  const now = await sandboxNow();
  const row = await sbxInsert<InvoiceData>("invoice", {
    customerId: input.customerId,
    idempotencyKey,
    data: {
      subscriptionId: input.subscriptionId,
      status: pay ? "paid" : "open",
      description: "Usage charges",
      amountDue: total,
      amountPaid: pay ? total : 0,
      currency: "usd",
      lines,
      periodStart: input.period.start.toISOString(),
      periodEnd: input.period.end.toISOString(),
      created: now.toISOString(),
      metadata: input.metadata,
      lastError: problem,
    },
  });
  return toInvoice(row);
}

/**
 * Adds items that wait for the subscription's next period invoice (one per
 * line, idempotent per key and index). All or nothing, as the Stripe adapter
 * behaves: a line refused half-way leaves none of the call's items behind
 * (the transaction rolls back where Stripe's adapter deletes the items it
 * made), so nothing of a failed overage entry reaches the renewal invoice.
 */
export async function addPendingInvoiceItems(input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date } }, idempotencyKey: string): Promise<void> {
  const sub = await sbxGet<SubscriptionData>("subscription", input.subscriptionId);
  if (!sub || sub.customerId !== input.customerId) {
    throw new ProviderError(`No such subscription: '${input.subscriptionId}'`, "resource_missing", false);
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    let i = 0;
    for (const l of input.lines) {
      checkLine(l, i);
      await sbxInsert<InvoiceItemData>(
        "invoice_item",
        {
          customerId: input.customerId,
          idempotencyKey: `${idempotencyKey}-${i++}`,
          data: {
            subscriptionId: input.subscriptionId,
            invoiceId: null,
            line: lineOf(l),
            periodStart: input.period.start.toISOString(),
            periodEnd: input.period.end.toISOString(),
          },
        },
        tx,
      );
    }
  });
}

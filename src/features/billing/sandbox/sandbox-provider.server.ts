import "server-only";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { addMonths, addYears } from "date-fns";
import { getDb, type DbOrTx } from "@/lib/db";
import { config } from "@/lib/config";
import { deriveKey } from "@/lib/secrets";
import { findPlan, periodPrice, planLookupKey, type Billing, type PlanId } from "@/features/plans/catalogue";
import {
  METER_EVENT_NAMES,
  ProviderError,
  type BillingCycle,
  type InvoiceLine,
  type MeterEventName,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderSetupIntent,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  type UpcomingInvoice,
} from "../provider/port";
import { cataloguePrices } from "../provider/prices";
import { cycleLabel } from "../cycle-label";
import { parseEventJson } from "../provider/events";
import { date, iso, sandboxId, sandboxNow, sbxGet, sbxInsert, sbxList, sbxListKind, sbxUpdate, type SandboxRow } from "./store.server";

/**
 * The sandbox payment provider: the embedded default. Behaves like the
 * provider for everything the product uses, with state in sandbox_objects and
 * no network. Time comes from the sandbox clock; subscriptions roll forward
 * lazily whenever they are read (trial end -> invoice paid with the saved
 * card -> active; period end -> next invoice; cancel_at_period_end -> canceled).
 */

export const SANDBOX_SUCCESS_CARD = "4242424242424242";
export const SANDBOX_DECLINE_CARD = "4000000000000002";
export const DECLINED_MESSAGE = "Your card was declined.";

export type CustomerData = { email: string; name: string; userId: string; defaultPaymentMethodId: string | null };
export type PaymentMethodData = { brand: string; last4: string; expMonth: number; expYear: number; name: string; declines: boolean };
export type SetupIntentData = {
  status: string;
  clientSecret: string;
  paymentMethodId: string | null;
  lastError: string | null;
  subscriptionId: string | null;
};
export type SubscriptionData = {
  status: ProviderSubscriptionStatus;
  planId: PlanId;
  billing: Billing;
  priceId: string;
  amount: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  canceledAt: string | null;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialStart: string | null;
  trialEnd: string | null;
  created: string;
  defaultPaymentMethodId: string | null;
  pendingSetupIntentId: string | null;
  metadata: Record<string, string>;
  /** Every period so far (trial first), oldest first. */
  periods: Array<{ start: string; end: string }>;
};
export type InvoiceLineData = { description: string; quantity: number; unitAmount: number; amount: number; priceId: string | null };
export type InvoiceData = {
  subscriptionId: string | null;
  status: string;
  description: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  lines: InvoiceLineData[];
  periodStart: string | null;
  periodEnd: string | null;
  created: string;
  metadata: Record<string, string>;
  lastError: string | null;
};
export type InvoiceItemData = {
  subscriptionId: string;
  invoiceId: string | null;
  line: InvoiceLineData;
  periodStart: string;
  periodEnd: string;
};
export type MeterEventData = { eventName: MeterEventName; value: number; identifier: string; timestamp: string };

const TRIAL_DAYS_DEFAULT = 14;

function addPeriod(d: Date, billing: Billing): Date {
  return billing === "annual" ? addYears(d, 1) : addMonths(d, 1);
}

/** The local webhook secret the sandbox signs its events with (same scheme as Stripe). */
export function sandboxWebhookSecret(): string {
  return "whsec_sandbox_" + deriveKey("sandbox-webhook-v1").toString("hex");
}

/** Signs a payload with the sandbox secret, in the provider's scheme (`t=<unix>,v1=<hmac>`). */
export function signSandboxPayload(payload: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() });
}

function toSubscription(row: SandboxRow<SubscriptionData>): ProviderSubscription {
  const d = row.data;
  return {
    id: row.id,
    customerId: row.customerId!,
    status: d.status,
    planId: d.planId,
    billing: d.billing,
    cancelAtPeriodEnd: d.cancelAtPeriodEnd,
    cancelAt: date(d.cancelAt),
    currentPeriodStart: date(d.currentPeriodStart),
    currentPeriodEnd: date(d.currentPeriodEnd),
    trialStart: date(d.trialStart),
    trialEnd: date(d.trialEnd),
    createdAt: new Date(d.created),
    metadata: d.metadata,
  };
}

function toSetupIntent(row: SandboxRow<SetupIntentData>): ProviderSetupIntent {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.data.status,
    clientSecret: row.data.clientSecret,
    paymentMethodId: row.data.paymentMethodId,
    lastError: row.data.lastError,
  };
}

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

function priceIdFor(lookupKey: string): string {
  return `price_sbx_${lookupKey}`;
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

export class SandboxProvider implements PaymentProvider {
  readonly kind = "sandbox" as const;

  async createCustomer(input: { email: string; name: string; userId: string }, idempotencyKey: string) {
    const id = sandboxId("customer");
    const row = await sbxInsert<CustomerData>("customer", {
      id,
      customerId: id,
      data: { email: input.email, name: input.name, userId: input.userId, defaultPaymentMethodId: null },
      idempotencyKey,
    });
    return { id: row.id };
  }

  async retrieveCustomer(id: string): Promise<SandboxRow<CustomerData> | null> {
    return sbxGet<CustomerData>("customer", id);
  }

  private async requireCustomer(id: string, tx?: DbOrTx): Promise<SandboxRow<CustomerData>> {
    const c = await sbxGet<CustomerData>("customer", id, tx);
    if (!c) throw new ProviderError(`No such customer: '${id}'`, "resource_missing", false);
    return c;
  }

  async createSetupIntent(customerId: string, idempotencyKey: string, subscriptionId: string | null = null): Promise<ProviderSetupIntent> {
    await this.requireCustomer(customerId);
    const row = await sbxInsert<SetupIntentData>("setup_intent", {
      customerId,
      data: {
        status: "requires_payment_method",
        clientSecret: "",
        paymentMethodId: null,
        lastError: null,
        subscriptionId,
      },
      idempotencyKey,
    });
    if (!row.data.clientSecret) {
      row.data.clientSecret = `${row.id}_secret_${randomBytes(12).toString("hex")}`;
      await sbxUpdate("setup_intent", row.id, row.data);
    }
    return toSetupIntent(row);
  }

  async retrieveSetupIntent(id: string): Promise<ProviderSetupIntent> {
    const row = await sbxGet<SetupIntentData>("setup_intent", id);
    if (!row) throw new ProviderError(`No such setupintent: '${id}'`, "resource_missing", false);
    return toSetupIntent(row);
  }

  /** The setup intent a client secret belongs to (the client-side confirm call). */
  async setupIntentByClientSecret(clientSecret: string): Promise<SandboxRow<SetupIntentData> | null> {
    const id = clientSecret.split("_secret_")[0] ?? "";
    const row = await sbxGet<SetupIntentData>("setup_intent", id);
    if (!row || row.data.clientSecret !== clientSecret) return null;
    return row;
  }

  /**
   * Confirms a setup intent with a test card (what the provider's client library
   * does): 4242... succeeds, 4000 0000 0000 0002 is declined.
   */
  async confirmSetupIntent(
    clientSecret: string,
    card: { number: string; expMonth: number; expYear: number; cvc: string; name: string },
  ): Promise<ProviderSetupIntent> {
    const row = await this.setupIntentByClientSecret(clientSecret);
    if (!row) throw new ProviderError("No such setup intent for this client secret.", "resource_missing", false);
    if (row.data.status === "succeeded") return toSetupIntent(row);
    const number = card.number.replace(/\D/g, "");
    const now = await sandboxNow();
    const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
    let error: string | null = null;
    if (number === SANDBOX_DECLINE_CARD) error = DECLINED_MESSAGE;
    else if (card.expMonth < 1 || card.expMonth > 12 || expired) error = "Your card's expiration date is incomplete or in the past.";
    else if (!/^\d{3,4}$/.test(card.cvc)) error = "Your card's security code is incomplete.";
    else if (number !== SANDBOX_SUCCESS_CARD && !/^4\d{15}$|^5[1-5]\d{14}$/.test(number)) error = "Your card number is invalid.";
    if (error) {
      row.data.status = "requires_payment_method";
      row.data.lastError = error;
      await sbxUpdate("setup_intent", row.id, row.data);
      return toSetupIntent(row);
    }
    const pm = await sbxInsert<PaymentMethodData>("payment_method", {
      customerId: row.customerId,
      data: {
        brand: number.startsWith("5") ? "mastercard" : "visa",
        last4: number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        name: card.name,
        declines: false,
      },
    });
    row.data.status = "succeeded";
    row.data.lastError = null;
    row.data.paymentMethodId = pm.id;
    await sbxUpdate("setup_intent", row.id, row.data);
    // Subscription-first flow: the pending setup intent saves the card on the subscription (save_default_payment_method).
    if (row.data.subscriptionId) {
      const sub = await sbxGet<SubscriptionData>("subscription", row.data.subscriptionId);
      if (sub) {
        sub.data.defaultPaymentMethodId = pm.id;
        sub.data.pendingSetupIntentId = null;
        await sbxUpdate("subscription", sub.id, sub.data);
      }
    }
    if (row.customerId) await this.setDefaultPaymentMethod(row.customerId, pm.id);
    return toSetupIntent(row);
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    const c = await this.requireCustomer(customerId);
    c.data.defaultPaymentMethodId = paymentMethodId;
    await sbxUpdate("customer", c.id, c.data);
  }

  async paymentMethod(id: string | null): Promise<SandboxRow<PaymentMethodData> | null> {
    return id ? sbxGet<PaymentMethodData>("payment_method", id) : null;
  }

  private async newSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string | null; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<SandboxRow<SubscriptionData>> {
    await this.requireCustomer(input.customerId);
    const plan = findPlan(input.planId);
    const amount = plan ? periodPrice(plan, input.billing) : null;
    if (!plan || amount === null) throw new ProviderError(`No such price: '${planLookupKey(input.planId, input.billing)}'`, "resource_missing", false);
    if (input.paymentMethodId) {
      const pm = await sbxGet<PaymentMethodData>("payment_method", input.paymentMethodId);
      if (!pm || pm.customerId !== input.customerId) {
        throw new ProviderError(`No such PaymentMethod: '${input.paymentMethodId}'`, "resource_missing", false);
      }
    }
    const now = await sandboxNow();
    const trialDays = input.trialDays || 0;
    const trialEnd = trialDays > 0 ? new Date(now.getTime() + trialDays * 86_400_000) : null;
    const periodEnd = trialEnd ?? addPeriod(now, input.billing);
    return sbxInsert<SubscriptionData>("subscription", {
      customerId: input.customerId,
      idempotencyKey,
      data: {
        status: trialEnd ? "trialing" : "active",
        planId: plan.id,
        billing: input.billing,
        priceId: priceIdFor(planLookupKey(plan.id, input.billing)),
        amount,
        cancelAtPeriodEnd: false,
        cancelAt: null,
        canceledAt: null,
        currentPeriodStart: now.toISOString(),
        currentPeriodEnd: periodEnd.toISOString(),
        trialStart: trialEnd ? now.toISOString() : null,
        trialEnd: iso(trialEnd),
        created: now.toISOString(),
        defaultPaymentMethodId: input.paymentMethodId,
        pendingSetupIntentId: null,
        metadata: input.metadata,
        periods: [{ start: now.toISOString(), end: periodEnd.toISOString() }],
      },
    });
  }

  async createTrialSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string | null; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const row = await this.newSubscription(input, idempotencyKey);
    if (input.paymentMethodId) await this.setDefaultPaymentMethod(input.customerId, input.paymentMethodId);
    return toSubscription(row);
  }

  async createSubscriptionWithPendingSetup(
    input: { customerId: string; planId: PlanId; billing: Billing; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ subscription: ProviderSubscription; clientSecret: string }> {
    const row = await this.newSubscription({ ...input, paymentMethodId: null, trialDays: input.trialDays || TRIAL_DAYS_DEFAULT }, idempotencyKey);
    const si = await this.createSetupIntent(input.customerId, `${idempotencyKey}-setup`, row.id);
    if (row.data.pendingSetupIntentId !== si.id && si.status !== "succeeded") {
      row.data.pendingSetupIntentId = si.id;
      await sbxUpdate("subscription", row.id, row.data);
    }
    return { subscription: toSubscription(row), clientSecret: si.clientSecret };
  }

  /**
   * Rolls a subscription forward to the sandbox clock: at each period end the
   * trial ends or the period renews with an invoice paid by the saved card
   * (no card or a declined one -> past_due); a scheduled cancellation ends it.
   * Idempotent and safe under concurrent reads (row lock + invoice keys).
   */
  async advance(subscriptionId: string): Promise<SandboxRow<SubscriptionData> | null> {
    const db = await getDb();
    const now = await sandboxNow();
    const peek = await sbxGet<SubscriptionData>("subscription", subscriptionId);
    if (!peek) return null;
    if (peek.data.status === "canceled" || new Date(peek.data.currentPeriodEnd) > now) return peek;
    return db.transaction(async (tx) => {
      const row = (await sbxGet<SubscriptionData>("subscription", subscriptionId, tx, true))!;
      const d = row.data;
      let guard = 0;
      while (d.status !== "canceled" && new Date(d.currentPeriodEnd) <= now && guard++ < 500) {
        const boundary = new Date(d.currentPeriodEnd);
        if (d.cancelAtPeriodEnd) {
          d.status = "canceled";
          d.canceledAt = boundary.toISOString();
          break;
        }
        const nextEnd = addPeriod(boundary, d.billing);
        d.periods.push({ start: boundary.toISOString(), end: nextEnd.toISOString() });
        d.currentPeriodStart = boundary.toISOString();
        d.currentPeriodEnd = nextEnd.toISOString();
        const paid = await this.invoicePeriod(row, boundary, nextEnd, tx);
        d.status = paid ? "active" : "past_due";
      }
      await sbxUpdate("subscription", row.id, d, tx);
      return row;
    });
  }

  /** Creates (once) the invoice of the period starting at `start` and tries to pay it. */
  private async invoicePeriod(sub: SandboxRow<SubscriptionData>, start: Date, end: Date, tx: DbOrTx): Promise<boolean> {
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
    const pending = (await sbxList<InvoiceItemData>("invoice_item", sub.customerId!, tx)).filter(
      (i) => i.data.subscriptionId === sub.id && !i.data.invoiceId,
    );
    for (const item of pending) lines.push(item.data.line);
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const pay = await this.chargeable(sub, tx);
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
          lastError: pay ? null : "No usable payment method on file.",
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

  private async chargeable(sub: SandboxRow<SubscriptionData>, tx: DbOrTx): Promise<boolean> {
    const customer = await sbxGet<CustomerData>("customer", sub.customerId!, tx);
    const pmId = sub.data.defaultPaymentMethodId ?? customer?.data.defaultPaymentMethodId ?? null;
    if (!pmId) return false;
    const pm = await sbxGet<PaymentMethodData>("payment_method", pmId, tx);
    return Boolean(pm && !pm.data.declines);
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const row = await this.advance(id);
    return row ? toSubscription(row) : null;
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const rows = await sbxList<SubscriptionData>("subscription", customerId);
    const out: ProviderSubscription[] = [];
    for (const r of rows) {
      const adv = await this.advance(r.id);
      if (adv) out.push(toSubscription(adv));
    }
    return out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    void idempotencyKey; // setting the flag twice has the same effect
    const row = await this.advance(subscriptionId);
    if (!row) throw new ProviderError(`No such subscription: '${subscriptionId}'`, "resource_missing", false);
    if (row.data.status === "canceled") return toSubscription(row);
    row.data.cancelAtPeriodEnd = true;
    row.data.cancelAt = row.data.currentPeriodEnd;
    await sbxUpdate("subscription", row.id, row.data);
    return toSubscription(row);
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    await this.requireCustomer(customerId);
    return { url: `${config().baseUrl}/sandbox/portal?return_url=${encodeURIComponent(returnUrl)}` };
  }

  async listInvoices(customerId: string, limit = 100): Promise<ProviderInvoice[]> {
    for (const s of await sbxList<SubscriptionData>("subscription", customerId)) await this.advance(s.id);
    const rows = await sbxList<InvoiceData>("invoice", customerId);
    return rows
      .map(toInvoice)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, limit);
  }

  async retrieveInvoice(id: string): Promise<(ProviderInvoice & { lines: InvoiceLineData[] }) | null> {
    const row = await sbxGet<InvoiceData>("invoice", id);
    return row ? { ...toInvoice(row), lines: row.data.lines } : null;
  }

  async upcomingInvoice(customerId: string, subscriptionId: string): Promise<UpcomingInvoice | null> {
    const row = await this.advance(subscriptionId);
    if (!row || row.customerId !== customerId || row.data.status === "canceled" || row.data.cancelAtPeriodEnd) return null;
    const pending = (await sbxList<InvoiceItemData>("invoice_item", customerId)).filter(
      (i) => i.data.subscriptionId === subscriptionId && !i.data.invoiceId,
    );
    const amount = row.data.amount + pending.reduce((s, i) => s + i.data.line.amount, 0);
    const end = new Date(row.data.currentPeriodEnd);
    return { amountDue: amount, periodEnd: end, nextPaymentAttempt: end };
  }

  async billingCycles(subscriptionId: string): Promise<BillingCycle[]> {
    const row = await this.advance(subscriptionId);
    if (!row) return [];
    const now = await sandboxNow();
    return row.data.periods
      .map((p) => {
        const start = new Date(p.start);
        const end = new Date(p.end);
        return {
          id: `${row.id}:${Math.floor(start.getTime() / 1000)}`,
          label: cycleLabel(start, end),
          periodStart: start,
          periodEnd: end,
          isCurrent: row.data.status !== "canceled" && start <= now && now < end,
        };
      })
      .reverse();
  }

  async listPrices(): Promise<ProviderPrice[]> {
    return cataloguePrices().map((p) => ({
      id: priceIdFor(p.lookupKey),
      lookupKey: p.lookupKey,
      productName: p.productName,
      unitLabel: p.unitLabel,
      unitAmount: p.unitAmount,
      recurringInterval: p.interval,
      usageType: p.usageType,
      meterEventName: p.meterEventName,
    }));
  }

  async reportMeterEvent(input: { eventName: MeterEventName; customerId: string; value: number; identifier: string; timestamp: Date }): Promise<void> {
    await this.requireCustomer(input.customerId);
    if (!Number.isInteger(input.value) || input.value < 0) {
      throw new ProviderError("Meter event value must be a whole number.", "parameter_invalid_integer", false);
    }
    await sbxInsert<MeterEventData>("meter_event", {
      customerId: input.customerId,
      idempotencyKey: input.identifier,
      data: { eventName: input.eventName, value: input.value, identifier: input.identifier, timestamp: input.timestamp.toISOString() },
    });
  }

  async meterTotals(customerId: string, start: Date, end: Date): Promise<Record<MeterEventName, number>> {
    const totals = Object.fromEntries(METER_EVENT_NAMES.map((m) => [m, 0])) as Record<MeterEventName, number>;
    for (const e of await sbxList<MeterEventData>("meter_event", customerId)) {
      const t = new Date(e.data.timestamp);
      if (t >= start && t < end) totals[e.data.eventName] += e.data.value;
    }
    return totals;
  }

  async createInvoiceNow(
    input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date }; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderInvoice> {
    const sub = await this.advance(input.subscriptionId);
    if (!sub || sub.customerId !== input.customerId) {
      throw new ProviderError(`No such subscription: '${input.subscriptionId}'`, "resource_missing", false);
    }
    if (input.lines.length === 0) throw new ProviderError("An invoice needs at least one line item.", "invoice_no_line_items", false);
    const lines = input.lines.map(lineOf);
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const db = await getDb();
    const pay = await this.chargeable(sub, db);
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
        lastError: pay ? null : "No usable payment method on file.",
      },
    });
    return toInvoice(row);
  }

  async addPendingInvoiceItems(
    input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date } },
    idempotencyKey: string,
  ): Promise<void> {
    const sub = await sbxGet<SubscriptionData>("subscription", input.subscriptionId);
    if (!sub || sub.customerId !== input.customerId) {
      throw new ProviderError(`No such subscription: '${input.subscriptionId}'`, "resource_missing", false);
    }
    let i = 0;
    for (const l of input.lines) {
      await sbxInsert<InvoiceItemData>("invoice_item", {
        customerId: input.customerId,
        idempotencyKey: `${idempotencyKey}-${i++}`,
        data: {
          subscriptionId: input.subscriptionId,
          invoiceId: null,
          line: lineOf(l),
          periodStart: input.period.start.toISOString(),
          periodEnd: input.period.end.toISOString(),
        },
      });
    }
  }

  async constructWebhookEvent(rawBody: string, signature: string | null): Promise<ProviderEvent> {
    try {
      Stripe.webhooks.constructEvent(rawBody, signature ?? "", sandboxWebhookSecret());
    } catch (err) {
      throw new ProviderError(err instanceof Error ? err.message : "Invalid signature", "signature_verification", false);
    }
    return parseEventJson(rawBody);
  }

  /** Every sandbox customer id (the clock action syncs them all). */
  async allCustomerIds(): Promise<string[]> {
    return (await sbxListKind<CustomerData>("customer")).map((c) => c.id);
  }
}

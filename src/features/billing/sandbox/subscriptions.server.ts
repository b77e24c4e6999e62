import "server-only";
import { addMonths, addYears } from "date-fns";
import { getDb } from "@/lib/db";
import { findPlan, periodPrice, planLookupKey, type Billing, type PlanId } from "@/features/plans/catalogue";
import { ProviderError, type PlanChange, type ProviderSubscription } from "../provider/port";
import { createSetupIntent, invoicePaymentMethod, requireCustomer, setDefaultPaymentMethod } from "./customers-and-cards.server";
import { invoicePeriod, payOpenInvoices } from "./invoices.server";
import { priceIdFor } from "./prices-and-meters.server";
import type { PaymentMethodData, SubscriptionData } from "./sandbox-objects";
import { date, iso, sandboxNow, sbxFindByKey, sbxGet, sbxInsert, sbxList, sbxUpdate, type SandboxRow } from "./store.server";
import { DECLINED_MESSAGE } from "./card-checks";
import * as planChange from "./plan-change.server";
import { applyPendingChange } from "./plan-change.server";

/**
 * The subscription lifecycle of the sandbox, which follows Stripe's (the
 * Stripe adapter's subscriptions): time comes from the sandbox clock, and
 * subscriptions roll forward lazily whenever they are read.
 * - Trial end with a card: the first invoice is paid -> active; a card whose
 *   charges are declined (4000 0000 0000 0341) leaves it open -> past_due.
 * - Trial end without a card on the subscription or its customer -> canceled,
 *   with no invoice (trial_settings.end_behavior.missing_payment_method:
 *   'cancel', which the Stripe adapter sends).
 * - Period end -> the next period's invoice, paid (active) or open (past_due).
 * - cancel_at_period_end -> canceled at the period end.
 * - A past_due subscription recovers when a good card is saved: its open
 *   invoices are paid with it at once (retryPastDueWith).
 */

const TRIAL_DAYS_DEFAULT = 14;

type NewSubscription = { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string | null; trialDays: number; metadata: Record<string, string> };

function addPeriod(d: Date, billing: Billing): Date {
  return billing === "annual" ? addYears(d, 1) : addMonths(d, 1);
}

export function toSubscription(row: SandboxRow<SubscriptionData>): ProviderSubscription {
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
    defaultPaymentMethodId: d.defaultPaymentMethodId ?? null,
    pendingChange: d.pendingChange ? { planId: d.pendingChange.planId, billing: d.pendingChange.billing, effectiveAt: new Date(d.pendingChange.at) } : null,
  };
}

async function newSubscription(input: NewSubscription & { startedAt?: Date }, idempotencyKey: string): Promise<SandboxRow<SubscriptionData>> {
  await requireCustomer(input.customerId);
  const plan = findPlan(input.planId);
  const amount = plan ? periodPrice(plan, input.billing) : null;
  if (!plan || amount === null) throw new ProviderError(`No such price: '${planLookupKey(input.planId, input.billing)}'`, "resource_missing", false);
  if (input.paymentMethodId) {
    const pm = await sbxGet<PaymentMethodData>("payment_method", input.paymentMethodId);
    if (!pm || pm.customerId !== input.customerId) {
      throw new ProviderError(`No such PaymentMethod: '${input.paymentMethodId}'`, "resource_missing", false);
    }
  }
  const now = input.startedAt ?? (await sandboxNow());
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

/**
 * Demo data only (the seed, ADR 0150): a paid subscription that started in the
 * past, on `startedAt`, without a trial, its card the default. Not on the
 * provider port: only the sandbox can make one.
 */
export async function createStartedSubscription(input: Omit<NewSubscription, "trialDays">, startedAt: Date, idempotencyKey: string): Promise<ProviderSubscription> {
  const row = await newSubscription({ ...input, trialDays: 0, startedAt }, idempotencyKey);
  if (input.paymentMethodId) await setDefaultPaymentMethod(input.customerId, input.paymentMethodId);
  // Its first period's invoice, paid with the card, as a real start would have left it.
  await invoicePeriod(row, new Date(row.data.currentPeriodStart), new Date(row.data.currentPeriodEnd), await getDb());
  return toSubscription(row);
}

export async function createTrialSubscription(input: NewSubscription, idempotencyKey: string): Promise<ProviderSubscription> {
  const row = await newSubscription(input, idempotencyKey);
  if (input.paymentMethodId) await setDefaultPaymentMethod(input.customerId, input.paymentMethodId);
  return toSubscription(row);
}

/**
 * No trial (the free trial is used): the first period's invoice is paid with
 * the card at once, as Stripe charges a subscription without a trial. A card
 * whose charges are declined (4000 0000 0000 0341) is refused with Stripe's
 * card error before anything is made (the Stripe adapter's
 * `error_if_incomplete`). A repeated key returns the first subscription.
 */
export async function createPaidSubscription(input: Omit<NewSubscription, "trialDays"> & { paymentMethodId: string }, idempotencyKey: string): Promise<ProviderSubscription> {
  const pm = await sbxGet<PaymentMethodData>("payment_method", input.paymentMethodId);
  if (!pm || pm.customerId !== input.customerId) throw new ProviderError(`No such PaymentMethod: '${input.paymentMethodId}'`, "resource_missing", false);
  const existing = await sbxFindByKey<SubscriptionData>("subscription", idempotencyKey);
  if (!existing && pm.data.declines) throw new ProviderError(DECLINED_MESSAGE, "card_declined", false, "card_error");
  const row = await newSubscription({ ...input, trialDays: 0 }, idempotencyKey);
  await setDefaultPaymentMethod(input.customerId, input.paymentMethodId);
  await invoicePeriod(row, new Date(row.data.currentPeriodStart), new Date(row.data.currentPeriodEnd), await getDb());
  return toSubscription(row);
}

export async function createSubscriptionWithPendingSetup(
  input: Omit<NewSubscription, "paymentMethodId">,
  idempotencyKey: string,
): Promise<{ subscription: ProviderSubscription; clientSecret: string }> {
  const row = await newSubscription({ ...input, paymentMethodId: null, trialDays: input.trialDays || TRIAL_DAYS_DEFAULT }, idempotencyKey);
  const si = await createSetupIntent(input.customerId, `${idempotencyKey}-setup`, row.id);
  if (row.data.pendingSetupIntentId !== si.id && si.status !== "succeeded") {
    row.data.pendingSetupIntentId = si.id;
    await sbxUpdate("subscription", row.id, row.data);
  }
  return { subscription: toSubscription(row), clientSecret: si.clientSecret };
}

/**
 * Rolls a subscription forward to the sandbox clock: at each period end a
 * scheduled cancellation ends it; a trial with no card anywhere ends it
 * (canceled, no invoice); otherwise the next period starts with an invoice
 * paid by the saved card (active) or left open when there is none or its
 * charge is declined (past_due). Idempotent and safe under concurrent reads
 * (row lock + invoice keys).
 */
export async function advance(subscriptionId: string): Promise<SandboxRow<SubscriptionData> | null> {
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
      // Stripe's trial_settings.end_behavior.missing_payment_method 'cancel': a trial that
      // ends with no payment method on the subscription or its customer is canceled, unbilled.
      if (d.status === "trialing" && !(await invoicePaymentMethod(row, tx))) {
        d.status = "canceled";
        d.canceledAt = boundary.toISOString();
        break;
      }
      // A downgrade scheduled for this boundary is the plan billed from now on (ADR 0114).
      applyPendingChange(d, boundary);
      const nextEnd = addPeriod(boundary, d.billing);
      d.periods.push({ start: boundary.toISOString(), end: nextEnd.toISOString() });
      d.currentPeriodStart = boundary.toISOString();
      d.currentPeriodEnd = nextEnd.toISOString();
      const paid = await invoicePeriod(row, boundary, nextEnd, tx);
      d.status = paid ? "active" : "past_due";
    }
    await sbxUpdate("subscription", row.id, d, tx);
    return row;
  });
}

/**
 * A card was saved for the customer (a setup intent confirmed in the sandbox
 * portal's "Update card", checkout or subscribe; it is already the
 * customer's default): it becomes the default of each past_due subscription
 * and is charged for their open invoices at once. A subscription with nothing
 * left open is active again; a card whose charges are declined (0341) leaves
 * it past_due, its invoices open with the new reason.
 *
 * This is the sandbox's simplification of Stripe retrying with the new
 * default card: in Stripe, saving a card pays nothing by itself; the open
 * invoice is charged again by Stripe's automatic retries (on their schedule)
 * or by paying it (hosted invoice page, portal), and the subscription turns
 * active when it is paid. The sandbox does that retry as soon as the card is
 * saved, so a recovery shows without waiting for a retry schedule.
 */
export async function retryPastDueWith(customerId: string, paymentMethodId: string): Promise<void> {
  const db = await getDb();
  for (const s of await sbxList<SubscriptionData>("subscription", customerId)) {
    const rolled = await advance(s.id);
    if (rolled?.data.status !== "past_due") continue;
    await db.transaction(async (tx) => {
      const row = (await sbxGet<SubscriptionData>("subscription", s.id, tx, true))!;
      if (row.data.status !== "past_due") return;
      row.data.defaultPaymentMethodId = paymentMethodId;
      if (await payOpenInvoices(row, tx)) row.data.status = "active";
      await sbxUpdate("subscription", row.id, row.data, tx);
    });
  }
}

/** Rolls every subscription of the customer forward (before its invoices are read). */
export async function advanceCustomer(customerId: string): Promise<void> {
  for (const s of await sbxList<SubscriptionData>("subscription", customerId)) await advance(s.id);
}

export async function retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
  const row = await advance(id);
  return row ? toSubscription(row) : null;
}

/** The customer's subscriptions, rolled forward, newest first. */
export async function listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
  const rows = await sbxList<SubscriptionData>("subscription", customerId);
  const out: ProviderSubscription[] = [];
  for (const r of rows) {
    const adv = await advance(r.id);
    if (adv) out.push(toSubscription(adv));
  }
  return out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export async function cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
  void idempotencyKey; // setting the flag twice has the same effect
  const row = await advance(subscriptionId);
  if (!row) throw new ProviderError(`No such subscription: '${subscriptionId}'`, "resource_missing", false);
  if (row.data.status === "canceled") return toSubscription(row);
  row.data.cancelAtPeriodEnd = true;
  row.data.cancelAt = row.data.currentPeriodEnd;
  // A cancelling subscription changes no plan (as the Stripe adapter releases its schedule).
  row.data.pendingChange = null;
  await sbxUpdate("subscription", row.id, row.data);
  return toSubscription(row);
}

/** Undoes a cancellation at period end, as Stripe's `cancel_at_period_end: false`; an ended subscription is refused. */
export async function resumeSubscription(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
  void idempotencyKey; // clearing the flag twice has the same effect
  const row = await advance(subscriptionId);
  if (!row) throw new ProviderError(`No such subscription: '${subscriptionId}'`, "resource_missing", false);
  if (row.data.status === "canceled") throw new ProviderError("A canceled subscription can only update its cancellation_details and metadata.", "invalid_canceled_subscription_fields", false);
  row.data.cancelAtPeriodEnd = false;
  row.data.cancelAt = null;
  await sbxUpdate("subscription", row.id, row.data);
  return toSubscription(row);
}

/** Ends the subscription at once, unbilled (Stripe's DELETE /v1/subscriptions/:id); an ended one stays as it is. */
export async function cancelNow(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
  void idempotencyKey; // ending an ended subscription changes nothing
  const row = await advance(subscriptionId);
  if (!row) throw new ProviderError(`No such subscription: '${subscriptionId}'`, "resource_missing", false);
  if (row.data.status === "canceled") return toSubscription(row);
  row.data.status = "canceled";
  row.data.canceledAt = (await sandboxNow()).toISOString();
  await sbxUpdate("subscription", row.id, row.data);
  return toSubscription(row);
}

async function liveRow(subscriptionId: string): Promise<SandboxRow<SubscriptionData>> {
  const row = await advance(subscriptionId);
  if (!row) throw new ProviderError(`No such subscription: '${subscriptionId}'`, "resource_missing", false);
  return row;
}

/** What an immediate change is invoiced today (nothing during a trial). */
export async function previewPlanChange(subscriptionId: string, change: Omit<PlanChange, "when">): Promise<{ amountDue: number; prorationDate: Date }> {
  const row = await liveRow(subscriptionId);
  const at = change.prorationDate ?? (await sandboxNow());
  if (row.data.status === "trialing") return { amountDue: 0, prorationDate: at };
  return { amountDue: planChange.prorationOf(row.data, change, at).amountDue, prorationDate: at };
}

export async function changePlan(subscriptionId: string, change: PlanChange, idempotencyKey: string): Promise<ProviderSubscription> {
  const row = await liveRow(subscriptionId);
  await planChange.changePlan(row, { ...change, prorationDate: change.prorationDate ?? (await sandboxNow()) }, idempotencyKey, addPeriod);
  return toSubscription((await sbxGet<SubscriptionData>("subscription", subscriptionId))!);
}

export async function cancelPendingPlanChange(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
  void idempotencyKey; // dropping no change twice has the same effect
  const row = await liveRow(subscriptionId);
  if (row.data.pendingChange) {
    row.data.pendingChange = null;
    await sbxUpdate("subscription", row.id, row.data);
  }
  return toSubscription(row);
}

import "server-only";
import { getDb } from "@/lib/db";
import { findPlan, periodPrice, planLookupKey, type Billing, type PlanId } from "@/features/plans/catalogue";
import { ProviderError, type PlanChange } from "../provider/port";
import { invoiceProration } from "./invoices.server";
import { priceIdFor } from "./prices-and-meters.server";
import type { SubscriptionData } from "./sandbox-objects";
import { sbxGet, sbxUpdate, type SandboxRow } from "./store.server";

/**
 * Plan changes in the sandbox, as the Stripe adapter makes them (ADR 0114):
 * now, the price swapped with a proration invoiced and charged at once
 * (Stripe's always_invoice: credit for the old price's unused time, charge
 * for the new price's rest of the period, to the second; a change of
 * interval starts a new period at the change and charges it whole); at the
 * period's end, a pending change that advance() applies before it invoices
 * the next period (Stripe: the subscription schedule's next phase).
 */

function planAmount(planId: PlanId, billing: Billing): number {
  const plan = findPlan(planId);
  const amount = plan ? periodPrice(plan, billing) : null;
  if (!plan || amount === null) throw new ProviderError(`No such price: '${planLookupKey(planId, billing)}'`, "resource_missing", false);
  return amount;
}

/** The proration lines of a change at `at` (the same arithmetic as Stripe's, which the fake models). */
export function prorationOf(
  d: SubscriptionData,
  change: { planId: PlanId; billing: Billing },
  at: Date,
): { lines: Array<{ description: string; amount: number }>; resets: boolean; amountDue: number } {
  const start = new Date(d.currentPeriodStart).getTime();
  const end = new Date(d.currentPeriodEnd).getTime();
  const t = at.getTime();
  if (t < start || t > end) throw new ProviderError("The proration date must be within the current subscription period.", "parameter_invalid", false);
  const fraction = (end - t) / (end - start);
  const amount = planAmount(change.planId, change.billing);
  const resets = d.billing !== change.billing;
  const lines = [
    { description: `Unused time on ${findPlan(d.planId)?.name ?? d.planId} Plan (${d.billing})`, amount: -Math.round(d.amount * fraction) },
    resets
      ? { description: `1 × ${findPlan(change.planId)?.name ?? change.planId} Plan (${change.billing})`, amount }
      : { description: `Remaining time on ${findPlan(change.planId)?.name ?? change.planId} Plan (${change.billing})`, amount: Math.round(amount * fraction) },
  ];
  return {
    lines,
    resets,
    amountDue: Math.max(
      0,
      lines.reduce((n, l) => n + l.amount, 0),
    ),
  };
}

function swapPlan(d: SubscriptionData, planId: PlanId, billing: Billing): void {
  d.planId = planId;
  d.billing = billing;
  d.amount = planAmount(planId, billing);
  d.priceId = priceIdFor(planLookupKey(planId, billing));
}

export async function changePlan(
  row: SandboxRow<SubscriptionData>,
  change: PlanChange & { prorationDate: Date },
  idempotencyKey: string,
  addPeriod: (d: Date, billing: Billing) => Date,
): Promise<void> {
  const d = row.data;
  if (d.status === "canceled") throw new ProviderError("A canceled subscription can only update its cancellation_details and metadata.", "invalid_canceled_subscription_fields", false);
  planAmount(change.planId, change.billing);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const locked = (await sbxGet<SubscriptionData>("subscription", row.id, tx, true))!;
    const data = locked.data;
    data.pendingChange = null;
    if (change.when === "period_end") {
      data.pendingChange = { planId: change.planId, billing: change.billing, at: data.currentPeriodEnd };
    } else if (data.status === "trialing") {
      // A trial's price is free: the change is made, nothing is prorated; the trial's end bills the new plan.
      swapPlan(data, change.planId, change.billing);
    } else {
      const p = prorationOf(data, change, change.prorationDate);
      swapPlan(data, change.planId, change.billing);
      if (p.resets) {
        const start = change.prorationDate;
        const end = addPeriod(start, change.billing);
        data.currentPeriodStart = start.toISOString();
        data.currentPeriodEnd = end.toISOString();
        data.periods.push({ start: start.toISOString(), end: end.toISOString() });
      }
      const paid = await invoiceProration(locked, p.lines, change.prorationDate, idempotencyKey, tx);
      if (!paid) data.status = "past_due";
    }
    await sbxUpdate("subscription", locked.id, data, tx);
    row.data = data;
  });
}

/** At a period boundary: a pending change becomes the plan billed from then on. */
export function applyPendingChange(d: SubscriptionData, boundary: Date): void {
  const pending = d.pendingChange;
  if (!pending || new Date(pending.at).getTime() > boundary.getTime()) return;
  swapPlan(d, pending.planId, pending.billing);
  d.pendingChange = null;
}

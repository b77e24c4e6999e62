import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { subscriptions } from "@/db/schema";
import { z } from "@/lib/zod";
import { badRequest } from "@/lib/http/errors";
import { findPlan, periodPrice, type Billing, type PlanId } from "@/features/plans/catalogue";
import { getProvider } from "./provider";
import type { PlanChange } from "./provider/port";
import { syncCustomerSubscriptions } from "./sync.server";
import { customerSubscriptionView, providerNow } from "./views.server";
import { asHttpError, type Payer } from "./subscriptions.server";
import { ownSubscription } from "./cancel-resume.server";
import { queuePlanChangedEmail } from "./billing-emails.server";
import type { CustomerSubscription, PlanChangePreview } from "./api-types";

/**
 * Plan changes from /billing (issue 23, ADR 0114). An upgrade (a higher
 * price per month) takes effect at once, its proration invoiced and charged
 * now; anything else (a smaller plan, or annual billing of the same plan,
 * which costs less per month) takes effect at the period's end and can be
 * cancelled until then. Enterprise is not self-serve. During a trial every
 * change is made at once and nothing is charged: the trial's end bills the
 * new plan.
 */

const planChoice = z.object({
  planId: z
    .string({ message: "planId is required" })
    .trim()
    .min(1, { message: "planId is required" })
    .transform((id, ctx): PlanId => {
      const plan = findPlan(id);
      if (plan?.id === "enterprise") {
        ctx.addIssue({ code: "custom", message: "The Enterprise plan is not self-serve: please contact us to change to it." });
        return z.NEVER;
      }
      if (!plan || plan.monthlyPrice === null) {
        ctx.addIssue({ code: "custom", message: `Unknown plan '${id}'` });
        return z.NEVER;
      }
      return plan.id;
    }),
  billing: z.enum(["monthly", "annual"], { message: "billing must be 'monthly' or 'annual'" }),
});
export const changePlanBody = planChoice.extend({
  /** The proration time the preview answered, so the change is charged as previewed (optional). */
  prorationDate: z.iso.datetime({ message: "prorationDate must be an ISO date-time" }).nullish(),
});
export const changePreviewQuery = planChoice;
export type PlanChoice = z.infer<typeof planChoice>;

type Row = typeof subscriptions.$inferSelect;

/** Cents per month of a plan and billing period (annual prices are per year). */
function perMonth(planId: PlanId, billing: Billing): number {
  const price = periodPrice(findPlan(planId)!, billing) ?? 0;
  return billing === "annual" ? price / 12 : price;
}

/** An upgrade (higher price per month) is made now; anything else at the period's end (ADR 0114). */
export function changeTiming(row: Pick<Row, "planId" | "billing" | "status">, to: PlanChoice): PlanChange["when"] {
  if (row.status === "trialing") return "now";
  return perMonth(to.planId, to.billing) > perMonth(row.planId as PlanId, row.billing) ? "now" : "period_end";
}

async function changeableSubscription(accountId: string, subscriptionId: string, to: PlanChoice): Promise<Row> {
  const row = await ownSubscription(accountId, subscriptionId);
  if (row.status === "cancelled") throw badRequest("This subscription has ended; start a new one from the pricing page.");
  if (row.cancelAtPeriodEnd) throw badRequest("This subscription is cancelling: resume it before changing its plan.");
  if (row.planId === to.planId && row.billing === to.billing) throw badRequest("This is already your plan and billing period.");
  return row;
}

function addPeriod(d: Date, billing: Billing): Date {
  const next = new Date(d);
  if (billing === "annual") next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** GET /api/subscriptions/{id}/change-preview: what the change costs today, the next invoice, and when it takes effect. */
export async function previewPlanChange(user: Pick<Payer, "accountId">, subscriptionId: string, to: PlanChoice): Promise<PlanChangePreview> {
  const row = await changeableSubscription(user.accountId, subscriptionId, to);
  const plan = findPlan(to.planId)!;
  const nextInvoiceCents = periodPrice(plan, to.billing) ?? 0;
  const when = changeTiming(row, to);
  const now = await providerNow();
  const periodEnd = (row.status === "trialing" ? row.trialEnd : row.currentPeriodEnd) ?? now;
  if (when === "period_end") {
    return { amountDueTodayCents: 0, nextInvoiceCents, nextInvoiceAt: periodEnd.toISOString(), effectiveAt: periodEnd.toISOString(), includedUnits: plan.units, when, prorationDate: null };
  }
  let amountDue = 0;
  let prorationDate: Date | null = null;
  if (row.status !== "trialing") {
    try {
      const preview = await (await getProvider()).previewPlanChange(row.providerSubscriptionId, { planId: to.planId, billing: to.billing, prorationDate: null });
      amountDue = preview.amountDue;
      prorationDate = preview.prorationDate;
    } catch (err) {
      throw asHttpError(err, "Failed to preview the plan change. Please try again later.");
    }
  }
  // A change of billing period starts a new period now (Stripe resets the billing cycle anchor).
  const nextInvoiceAt = row.status === "trialing" ? periodEnd : to.billing !== row.billing ? addPeriod(now, to.billing) : periodEnd;
  const effectiveAt = prorationDate ?? now;
  return {
    amountDueTodayCents: amountDue,
    nextInvoiceCents,
    nextInvoiceAt: nextInvoiceAt.toISOString(),
    effectiveAt: effectiveAt.toISOString(),
    includedUnits: plan.units,
    when,
    prorationDate: prorationDate?.toISOString() ?? null,
  };
}

/** POST /api/subscriptions/{id}/change-plan: an upgrade now (proration charged), a downgrade at the period's end. */
export async function changePlan(user: Pick<Payer, "accountId">, subscriptionId: string, to: PlanChoice & { prorationDate?: string | null }): Promise<CustomerSubscription> {
  const row = await changeableSubscription(user.accountId, subscriptionId, to);
  const when = changeTiming(row, to);
  const provider = await getProvider();
  // The previewed proration time, if it is still inside the current period; else the provider's now.
  const asked = to.prorationDate ? new Date(to.prorationDate) : null;
  const prorationDate = asked && row.currentPeriodStart && row.currentPeriodEnd && asked >= row.currentPeriodStart && asked <= row.currentPeriodEnd ? asked : null;
  try {
    await provider.changePlan(
      row.providerSubscriptionId,
      { planId: to.planId, billing: to.billing, when, prorationDate },
      `change-${row.providerSubscriptionId}-${to.planId}-${to.billing}-${row.updatedAt.getTime()}`,
    );
  } catch (err) {
    throw asHttpError(err, "Failed to change the plan. Please try again later.");
  }
  await syncCustomerSubscriptions(row.providerCustomerId);
  const fresh = await freshRow(row.id);
  await queuePlanChangedEmail(fresh, { from: { planId: row.planId, billing: row.billing }, when });
  return customerSubscriptionView(fresh, await providerNow());
}

/** DELETE /api/subscriptions/{id}/change-plan: keeps the current plan (drops a pending downgrade); none pending is a no-op. */
export async function cancelPendingPlanChange(user: Pick<Payer, "accountId">, subscriptionId: string): Promise<CustomerSubscription> {
  const row = await ownSubscription(user.accountId, subscriptionId);
  if (row.pendingPlanId && row.status !== "cancelled") {
    try {
      await (await getProvider()).cancelPendingPlanChange(row.providerSubscriptionId, `keep-plan-${row.providerSubscriptionId}-${row.updatedAt.getTime()}`);
    } catch (err) {
      throw asHttpError(err, "Failed to keep the current plan. Please try again later.");
    }
    await syncCustomerSubscriptions(row.providerCustomerId);
  }
  return customerSubscriptionView(await freshRow(row.id), await providerNow());
}

async function freshRow(id: string): Promise<Row> {
  const db = await getDb();
  const [fresh] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id)));
  return fresh!;
}

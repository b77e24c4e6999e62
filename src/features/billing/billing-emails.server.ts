import "server-only";
import { config } from "@/lib/config";
import { getDb, type DbOrTx } from "@/lib/db";
import { logger } from "@/lib/logger";
import { queueEmail } from "@/features/email/email.server";
import { findPlan, formatCents, periodPrice, type Billing } from "@/features/plans/catalogue";
import type { subscriptions } from "@/db/schema";
import { planChangedEmail, subscriptionCancelledEmail } from "./billing-emails";
import { subscriptionForEmail } from "./subscription-recipient.server";

/**
 * The "subscription cancelled" and "plan changed" e-mails (issue 23), through
 * the e-mail port (queueEmail; the email.deliver job sends them) to the
 * account's billing e-mail, else its first owner.
 */

/**
 * Queued by the billing sync, in its transaction, when a subscription turns
 * from renewing to cancelling (in /billing or the provider's portal): once
 * per cancellation (a resume and a new cancel send it again).
 */
export async function queueSubscriptionCancelledEmail(tx: DbOrTx, providerSubscriptionId: string, endsOn: Date | null, cancellation: number): Promise<void> {
  const s = await subscriptionForEmail(tx, { providerSubscriptionId });
  if (!s?.email || !endsOn) {
    if (s && !s.email) logger.warn({ providerSubscriptionId }, "subscription-cancelled e-mail: no billing e-mail and no owner; nothing to send");
    return;
  }
  const message = await subscriptionCancelledEmail({ email: s.email, firstName: s.firstName, planName: s.planName, endsOn }, config().baseUrl);
  await queueEmail(tx, message, { key: `subscription-cancelled:${providerSubscriptionId}:${cancellation}` });
}

/** Queued after a plan change from /billing: made now, or scheduled for the period's end. */
export async function queuePlanChangedEmail(row: typeof subscriptions.$inferSelect, change: { from: { planId: string; billing: Billing }; when: "now" | "period_end" }): Promise<void> {
  const db = await getDb();
  const s = await subscriptionForEmail(db, { providerSubscriptionId: row.providerSubscriptionId });
  if (!s?.email) return;
  const toPlanId = change.when === "now" ? row.planId : (row.pendingPlanId ?? row.planId);
  const toBilling = change.when === "now" ? row.billing : (row.pendingBilling ?? row.billing);
  const plan = findPlan(toPlanId);
  const price = plan ? periodPrice(plan, toBilling) : null;
  const message = await planChangedEmail(
    {
      email: s.email,
      firstName: s.firstName,
      fromPlan: findPlan(change.from.planId)?.name ?? change.from.planId,
      toPlan: plan?.name ?? toPlanId,
      effectiveAt: change.when === "now" ? null : row.pendingChangeAt,
      price: price === null ? "the plan's price" : `${formatCents(price)} per ${toBilling === "annual" ? "year" : "month"}`,
      units: plan?.unitsLabel ?? "the plan's units",
    },
    config().baseUrl,
  );
  await queueEmail(db, message, { key: `plan-changed:${row.providerSubscriptionId}:${toPlanId}:${toBilling}:${row.updatedAt.getTime()}` });
}

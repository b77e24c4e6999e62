import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb } from "@/lib/db";
import { customerNotices, usageAlerts } from "@/db/schema";
import { subscriptionForEmail } from "@/features/billing/subscription-recipient.server";
import { config } from "@/lib/config";
import { defineJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { formatDate, formatUnits } from "@/lib/format";
import { queueEmail } from "@/features/email/email.server";
import { createNotification } from "@/features/notifications/notify.server";
import type { Plan } from "@/features/plans/catalogue";
import { usageMonthEnd as usageMonthEndOf } from "@/features/usage/usage-month";
import { usageMonths, usedMilli } from "@/features/usage/ledger.server";
import { priceUsage } from "@/features/usage/pricing";
import { usageAlertEmail } from "./usage-alert-email";
import { checkSpendLimit } from "./spend-limit-check.server";
import { emitWebhookEvents } from "@/features/webhooks/emit.server";

/** The most usage months one alert check takes (a batch spanning more queues several). */
export const MAX_ALERT_MONTHS = 24;

/** Percent of the month's included units at which the customer is told. */
export const ALERT_THRESHOLDS = [80, 100] as const;

/**
 * Checks one subscription's usage months (the ledger's: admin-recorded usage
 * counts, ADR 0133) against the plan's included units and sends what is due: at 80% and 100%, one e-mail and one notice in the
 * portal; at 100% also an admin notification. Runs as a job queued by the
 * ingestion transaction, so it reads committed totals: of two requests
 * committing at the same time, the later one's check sees both. The
 * usage_alerts row (primary key: subscription, month, threshold) is written in
 * the same transaction as the e-mail, the notices and the webhook event
 * usage.threshold_reached, so each goes out once.
 */
export async function checkUsageAlerts(subscriptionId: string, months: Date[]): Promise<number> {
  const db = await getDb();
  // The e-mail goes to the account's billing e-mail, else its first owner (issue 22).
  const sub = await subscriptionForEmail(db, { id: subscriptionId });
  const plan = sub?.plan;
  if (!sub || !plan || plan.units === null) return 0; // unlimited (Enterprise), or gone
  let sent = 0;
  // Both alerts of a month already sent: nothing to sum (a busy month is checked after every batch).
  const due: Date[] = [];
  for (const month of months) {
    const done = await db
      .select({ threshold: usageAlerts.threshold })
      .from(usageAlerts)
      .where(and(eq(usageAlerts.subscriptionId, subscriptionId), eq(usageAlerts.usageMonthStart, month)));
    if (done.length < ALERT_THRESHOLDS.length) due.push(month);
  }
  const ledger = due.length ? await usageMonths({ subscriptionIds: [subscriptionId] }, { months: due }) : [];
  for (const month of due) {
    const m = ledger.find((l) => l.start.getTime() === month.getTime());
    const used = m ? usedMilli(m) : 0;
    for (const threshold of ALERT_THRESHOLDS) {
      if (!alertDue(used, plan, threshold)) continue;
      const key = `usage-alert:${subscriptionId}:${month.toISOString()}:${threshold}`;
      const created = await db.transaction(async (tx) => {
        const rows = await tx.insert(usageAlerts).values({ subscriptionId, usageMonthStart: month, threshold }).onConflictDoNothing().returning({ threshold: usageAlerts.threshold });
        if (rows.length === 0) return false;
        const usedUnits = formatUnits(used / 1000);
        const end = m?.end ?? usageMonthEndOf(sub, month);
        const monthEnd = formatDate(end);
        // The rule overage billing follows (priceUsage): a trial month is never billed.
        const trial = !priceUsage({ usedMilli: used, plan, billing: sub.billing, trialEnd: sub.trialEnd, monthStart: month }).billable;
        if (sub.email)
          await queueEmail(
            tx,
            await usageAlertEmail({ email: sub.email, firstName: sub.firstName, planName: plan.name, threshold, usedUnits, includedUnits: plan.units!, monthEnd, trial }, config().baseUrl),
            { key },
          );
        await tx
          .insert(customerNotices)
          .values({
            id: randomUUID(),
            accountId: sub.accountId,
            kind: "usage-alert",
            title: threshold === 100 ? "All included units used" : "80% of this month's units used",
            message: `${usedUnits} of ${plan.units} units used this month (until ${monthEnd}).${trial ? " Units beyond the plan are not billed during your free trial." : threshold === 100 ? " Further units are billed at your plan's extra-unit price." : ""}`,
            dedupeKey: key,
          })
          .onConflictDoNothing();
        // Outbound webhooks (issue 25, ADR 0128): the alert's key is the event's, so it is one event like the alert.
        await emitWebhookEvents(tx, [
          {
            accountId: sub.accountId,
            type: "usage.threshold_reached",
            data: { subscriptionId, threshold, usageMonthStart: month.toISOString(), usageMonthEnd: end.toISOString(), usedUnits: used / 1000, includedUnits: plan.units!, planId: sub.planId },
            dedupeKey: key,
          },
        ]);
        if (threshold === 100) {
          await createNotification(
            {
              type: "usage",
              title: "Included units used up",
              message: `${sub.ownerFirstName ?? sub.accountName}${sub.ownerEmail ? ` (${sub.ownerEmail})` : ""} has used ${usedUnits} of ${plan.units} units this month (${plan.name} plan): overage can be billed.`,
              priority: "high",
              dedupeKey: key,
            },
            tx,
          );
        }
        return true;
      });
      if (created) {
        sent++;
        logger.info({ subscriptionId, month: month.toISOString(), threshold, usedMilli: used }, "usage alert sent");
      }
    }
  }
  return sent;
}

/** Whether a month's units reach `threshold` percent of the plan's included units (none: an unlimited plan never alerts). */
export function alertDue(usedMilli: number, plan: Plan | undefined, threshold: number): boolean {
  const { includedMilli } = priceUsage({ usedMilli, plan, billing: "monthly", trialEnd: null, monthStart: new Date(0) });
  return includedMilli !== null && usedMilli * 100 >= threshold * includedMilli;
}

export const usageAlertsJob = defineJob({
  kind: "interactions.usage-alerts",
  schema: z.object({ subscriptionId: z.string().min(1), months: z.array(z.iso.datetime()).min(1).max(MAX_ALERT_MONTHS) }),
  handler: async ({ subscriptionId, months }) => {
    const dates = months.map((m) => new Date(m));
    // The spend limit first (issue 24): within a minute of the record that crossed it. Both checks are idempotent, so a retry repeats neither.
    await checkSpendLimit(subscriptionId, dates);
    await checkUsageAlerts(subscriptionId, dates);
  },
});

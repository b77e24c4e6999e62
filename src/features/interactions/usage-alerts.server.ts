import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb } from "@/lib/db";
import { customerNotices, interactions, member, organization, subscriptions, usageAlerts, user } from "@/db/schema";
import { firstOwnerOf } from "@/features/accounts/account-owner";
import { config } from "@/lib/config";
import { defineJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { formatDate } from "@/lib/format";
import { queueEmail } from "@/features/email/email.server";
import { createNotification } from "@/features/notifications/notify.server";
import { findPlan } from "@/features/plans/catalogue";
import { usageMonthEnd } from "@/features/usage/usage-month";
import { usageAlertEmail } from "./usage-alert-email";
import { checkSpendLimit } from "./spend-limit-check.server";
import { emitWebhookEvents } from "@/features/webhooks/emit.server";

/** The most usage months one alert check takes (a batch spanning more queues several). */
export const MAX_ALERT_MONTHS = 24;

/** Percent of the month's included units at which the customer is told. */
export const ALERT_THRESHOLDS = [80, 100] as const;

/**
 * Checks one subscription's usage months against the plan's included units
 * and sends what is due: at 80% and 100%, one e-mail and one notice in the
 * portal; at 100% also an admin notification. Runs as a job queued by the
 * ingestion transaction, so it reads committed totals: of two requests
 * committing at the same time, the later one's check sees both. The
 * usage_alerts row (primary key: subscription, month, threshold) is written in
 * the same transaction as the e-mail, the notices and the webhook event
 * usage.threshold_reached, so each goes out once.
 */
export async function checkUsageAlerts(subscriptionId: string, months: Date[]): Promise<number> {
  const db = await getDb();
  const [sub] = await db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      trialEnd: subscriptions.trialEnd,
      createdAt: subscriptions.createdAt,
      accountId: subscriptions.accountId,
      accountName: organization.name,
      billingEmail: organization.billingEmail,
      ownerEmail: user.email,
      firstName: user.firstName,
    })
    .from(subscriptions)
    .innerJoin(organization, eq(organization.id, subscriptions.accountId))
    // The e-mail goes to the account's billing e-mail, else its first owner (issue 22).
    .leftJoin(member, firstOwnerOf(organization.id))
    .leftJoin(user, eq(user.id, member.userId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  const plan = findPlan(sub?.planId);
  if (!sub || !plan || plan.units === null) return 0; // unlimited (Enterprise), or gone
  const includedMilli = plan.units * 1000;
  let sent = 0;
  for (const month of months) {
    // Both alerts of the month already sent: nothing to sum (a busy month is checked after every batch).
    const done = await db.select({ threshold: usageAlerts.threshold }).from(usageAlerts).where(and(eq(usageAlerts.subscriptionId, subscriptionId), eq(usageAlerts.usageMonthStart, month)));
    if (done.length === ALERT_THRESHOLDS.length) continue;
    const [total] = await db
      .select({ milli: sql<string>`coalesce(sum(${interactions.unitsMilli}), 0)::text` })
      .from(interactions)
      .where(and(eq(interactions.subscriptionId, subscriptionId), eq(interactions.usageMonthStart, month), isNull(interactions.spamReportedAt)));
    const used = Number(total?.milli ?? 0);
    for (const threshold of ALERT_THRESHOLDS) {
      if (used * 100 < threshold * includedMilli) continue;
      const key = `usage-alert:${subscriptionId}:${month.toISOString()}:${threshold}`;
      const created = await db.transaction(async (tx) => {
        const rows = await tx.insert(usageAlerts).values({ subscriptionId, usageMonthStart: month, threshold }).onConflictDoNothing().returning({ threshold: usageAlerts.threshold });
        if (rows.length === 0) return false;
        const usedUnits = formatUnits(used);
        const end = usageMonthEnd(sub, month);
        const monthEnd = formatDate(end);
        // The rule overage billing follows: a month that ends within the trial is never billed.
        const trial = Boolean(sub.trialEnd && end <= sub.trialEnd);
        const email = sub.billingEmail ?? sub.ownerEmail;
        if (email) await queueEmail(tx, await usageAlertEmail({ email, firstName: sub.billingEmail ? null : sub.firstName, planName: plan.name, threshold, usedUnits, includedUnits: plan.units!, monthEnd, trial }, config().baseUrl), { key });
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
              message: `${sub.firstName ?? sub.accountName}${sub.ownerEmail ? ` (${sub.ownerEmail})` : ""} has used ${usedUnits} of ${plan.units} units this month (${plan.name} plan): overage can be billed.`,
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

/** Thousandths as the customer reads units: "96.5", "120", "0.15". */
export function formatUnits(milli: number): string {
  return String(milli / 1000);
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

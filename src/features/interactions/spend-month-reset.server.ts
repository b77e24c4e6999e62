import "server-only";
import { and, eq, inArray, or } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { defineScheduledJob, scheduleJob } from "@/lib/jobs";
import { aiEmployeeSettings, aiReadyOrders, subscriptions } from "@/db/schema";
import { checkSpendLimitNow } from "./spend-limit-check.server";
import { COUNTING_STATUSES } from "@/features/billing/subscription-state";

/**
 * The spend limit's reverse (issue 24, ADR 0124), every minute: each
 * subscription with an AI employee in messages only is checked against its
 * current usage month by the product's clock. Messages only switched on in an
 * earlier usage month goes back to normal (push, e-mails, notice), unless the
 * new month has already reached the limit too; one switched on this month
 * goes back when the limit no longer calls for it (raised, or units
 * credited). An AI employee without a counting subscription is left as it is
 * (nothing it does counts; a new subscription's first check sets it right).
 * One subscription's failure does not stop the others; the next minute retries.
 */
export async function resetSpendMonths(): Promise<number> {
  const db = await getDb();
  const o = aiReadyOrders;
  const subs = await db
    .selectDistinct({ id: subscriptions.id })
    .from(aiEmployeeSettings)
    .innerJoin(o, eq(o.id, aiEmployeeSettings.aiReadyOrderId))
    .innerJoin(subscriptions, and(or(eq(subscriptions.id, o.subscriptionId), eq(subscriptions.aiReadyOrderId, o.id)), inArray(subscriptions.status, [...COUNTING_STATUSES])))
    .where(eq(aiEmployeeSettings.spendMode, "messages_only"));
  let switched = 0;
  let failed = 0;
  for (const s of subs) {
    try {
      switched += await checkSpendLimitNow(s.id);
    } catch (err) {
      failed++;
      logger.error({ err, subscriptionId: s.id }, "spend limit month reset failed; retried next minute");
    }
  }
  if (failed) throw new Error(`spend limit month reset: ${failed} of ${subs.length} subscriptions failed; retried next minute`);
  return switched;
}

// The next minute's run is the retry.
export const spendMonthResetJob = defineScheduledJob("interactions.spend-month-reset", resetSpendMonths, { maxAttempts: 1 });

/** Every minute: the reverse happens within a minute of the new usage month's start. */
export async function scheduleSpendMonthReset(): Promise<void> {
  await scheduleJob(spendMonthResetJob, "* * * * *", {});
}

import "server-only";
import { and, eq, inArray, or } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { aiReadyOrders, subscriptions } from "@/db/schema";
import { getProvider } from "@/features/billing/provider";
import { usageMonthAt, usedMilli } from "@/features/usage/ledger.server";
import { applySpendLimit } from "@/features/ai-settings/spend-mode.server";
import { postCustomerNotice } from "./customer-notices.server";
import { COUNTING_STATUSES } from "@/features/billing/subscription-state";

/**
 * The spend limit after an ingested batch (issue 24): run by the usage-alerts
 * job the ingestion transaction queues, so within a minute of the record that
 * crossed the line. Only a batch that touched the subscription's current
 * usage month (by the product's clock) is checked: a backfill of an earlier
 * month switches nothing. Returns the switches made.
 */
export async function checkSpendLimit(subscriptionId: string, months: Date[]): Promise<number> {
  return checkSpendLimitNow(subscriptionId, (current) => months.some((m) => m.getTime() === current.getTime()));
}

/** The subscription's current usage month and its units so far (the ledger's, ADR 0133), applied to each AI employee's spend limit. */
export async function checkSpendLimitNow(subscriptionId: string, only: (currentMonthStart: Date) => boolean = () => true): Promise<number> {
  const now = await (await getProvider()).now();
  const month = await usageMonthAt(subscriptionId, now);
  if (!month || !only(month.start)) return 0;
  return applySpendLimit(subscriptionId, { start: month.start, end: month.end }, usedMilli(month), now, postCustomerNotice);
}

/**
 * After a save of an AI employee's settings (a new spend limit, a restore):
 * applies the limit now, both ways (a raised limit answers normally again, a
 * lowered one already reached takes messages only). Never throws: the save is
 * done, and the every-minute job (spend-month-reset.server.ts) re-checks
 * AI employees in messages only. Returns the switches made.
 */
export async function reevaluateSpendLimit(orderId: string): Promise<number> {
  try {
    const db = await getDb();
    const subs = await db
      .selectDistinct({ id: subscriptions.id })
      .from(aiReadyOrders)
      .innerJoin(subscriptions, and(or(eq(subscriptions.id, aiReadyOrders.subscriptionId), eq(subscriptions.aiReadyOrderId, aiReadyOrders.id)), inArray(subscriptions.status, [...COUNTING_STATUSES])))
      .where(eq(aiReadyOrders.id, orderId));
    let switched = 0;
    for (const s of subs) switched += await checkSpendLimitNow(s.id);
    return switched;
  } catch (err) {
    logger.error({ err, aiReadyOrderId: orderId }, "spend limit not re-checked after a save; the every-minute job catches up");
    return 0;
  }
}

/**
 * The save routes' last step (portal and console, save and restore): applies
 * the saved spend limit at once and, when that switched the mode, answers
 * the settings read again so the page shows the mode in force.
 */
export async function applySpendLimitAfterSave<T>(orderId: string, saved: T, reread: () => Promise<T>): Promise<T> {
  return (await reevaluateSpendLimit(orderId)) > 0 ? reread() : saved;
}

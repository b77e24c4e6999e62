import "server-only";
import { addMonths } from "date-fns";
import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb } from "@/lib/db";
import { interactions, overageAutoBills, overageEntries, overageLineItems, subscriptions } from "@/db/schema";
import { defineJob, scheduleJob } from "@/lib/jobs";
import { notFound } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { formatDate } from "@/lib/format";
import { getProvider } from "@/features/billing/provider";
import { usagePriceFor } from "@/features/billing/usage-prices";
import { findPlan, formatCents } from "@/features/plans/catalogue";
import { addLineItem, createEntry, submitEntry } from "./overage.server";

/** Who the automatic entries name as their creator. */
export const AUTO_BILL_CREATOR = "auto-bill";
/** How far back an ended usage month is still billed automatically. */
const LOOKBACK_DAYS = 70;

/** PUT /api/admin/subscriptions/{id}/auto-bill-overage: turns automatic overage billing on or off. */
export async function setAutoBillOverage(subscriptionId: string, enabled: boolean): Promise<{ id: string; autoBillOverage: boolean }> {
  const db = await getDb();
  const [row] = await db.update(subscriptions).set({ autoBillOverage: enabled, updatedAt: new Date() }).where(eq(subscriptions.id, subscriptionId)).returning({ id: subscriptions.id, autoBillOverage: subscriptions.autoBillOverage });
  if (!row) throw notFound("Subscription not found");
  return row;
}

/**
 * Bills the units over the allowance of each ended usage month of the
 * subscriptions set to bill automatically (issue 13): one overage entry per
 * subscription and month, added to the next invoice, with one line item at the
 * plan's extra-unit price. The `overage_auto_bills` key makes it once: of two
 * runs at the same time, the one that loses the key removes its draft. A run
 * that stopped half-way (a draft kept its key) is finished by the next one.
 * Trial months are never billed. Returns the entries submitted.
 */
export async function autoBillOverage(): Promise<number> {
  const db = await getDb();
  const provider = await getProvider();
  const now = await provider.now();
  const months = await db
    .select({
      subscriptionId: interactions.subscriptionId,
      start: interactions.usageMonthStart,
      milli: sql<string>`sum(${interactions.unitsMilli})::text`,
      planId: subscriptions.planId,
      billing: subscriptions.billing,
      trialEnd: subscriptions.trialEnd,
    })
    .from(interactions)
    .innerJoin(subscriptions, eq(subscriptions.id, interactions.subscriptionId))
    .where(
      and(
        eq(subscriptions.autoBillOverage, true),
        inArray(subscriptions.status, ["active", "past_due"]),
        isNull(interactions.spamReportedAt),
        gte(interactions.usageMonthStart, new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000)),
      ),
    )
    .groupBy(interactions.subscriptionId, interactions.usageMonthStart, subscriptions.planId, subscriptions.billing, subscriptions.trialEnd);
  let billed = 0;
  for (const m of months) {
    const plan = findPlan(m.planId);
    const start = m.start!;
    const end = addMonths(start, 1);
    if (!plan || plan.units === null || end > now || (m.trialEnd && end <= m.trialEnd)) continue;
    const extraMilli = Number(m.milli) - plan.units * 1000;
    const rate = plan.extraUnitPrice?.[m.billing] ?? 0;
    if (extraMilli <= 0 || rate <= 0) continue;
    try {
      if (await billMonth(m.subscriptionId!, start, end, extraMilli, rate, m.planId, m.billing)) billed++;
    } catch (err) {
      logger.error({ err, subscriptionId: m.subscriptionId, month: start.toISOString() }, "automatic overage billing failed; retried next run");
    }
  }
  if (billed) logger.info({ entries: billed }, "overage billed automatically");
  return billed;
}

/** One month: reserve it, fill the entry and submit it (resuming a reserved draft). True when submitted now. */
async function billMonth(subscriptionId: string, start: Date, end: Date, extraMilli: number, rate: number, planId: string, billing: "monthly" | "annual"): Promise<boolean> {
  const db = await getDb();
  const key = and(eq(overageAutoBills.subscriptionId, subscriptionId), eq(overageAutoBills.usageMonthStart, start));
  let [reserved] = await db.select({ entryId: overageAutoBills.entryId, status: overageEntries.status }).from(overageAutoBills).innerJoin(overageEntries, eq(overageEntries.id, overageAutoBills.entryId)).where(key);
  if (reserved && reserved.status !== "draft") return false;
  if (!reserved) {
    const entry = await createEntry({ subscriptionId, periodStart: start.toISOString(), periodEnd: end.toISOString(), billNow: false }, AUTO_BILL_CREATOR);
    const won = await db.insert(overageAutoBills).values({ subscriptionId, usageMonthStart: start, entryId: entry.id }).onConflictDoNothing().returning();
    if (won.length === 0) {
      await db.delete(overageEntries).where(eq(overageEntries.id, entry.id));
      return false;
    }
    reserved = { entryId: entry.id, status: "draft" };
  }
  const [hasItem] = await db.select({ id: overageLineItems.id }).from(overageLineItems).where(eq(overageLineItems.entryId, reserved.entryId)).limit(1);
  if (!hasItem) {
    const price = usagePriceFor(await (await getProvider()).listPrices(), "phone_inbound", planId, billing);
    if (!price) throw new Error(`no metered usage price for the ${planId} plan (${billing})`);
    await addLineItem(reserved.entryId, {
      stripePriceId: price.id,
      quantity: 1,
      // Thousandths × cents per unit, rounded to a cent once.
      unitPrice: Math.round((extraMilli * rate) / 1000),
      description: `${(extraMilli / 1000).toLocaleString("en-US")} extra units (${formatDate(start)} – ${formatDate(end)}) at ${formatCents(rate)} a unit`,
    });
  }
  await submitEntry(reserved.entryId);
  return true;
}

export const autoBillOverageJob = defineJob({
  kind: "overage.auto-bill",
  schema: z.object({}),
  // The next hour's run is the retry.
  maxAttempts: 1,
  handler: async () => {
    await autoBillOverage();
  },
});

/** Every hour, so a usage month is billed within an hour of its end. */
export async function scheduleAutoBillOverage(): Promise<void> {
  await scheduleJob(autoBillOverageJob, "7 * * * *", {});
}

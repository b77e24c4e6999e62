import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gt, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb } from "@/lib/db";
import { interactions, overageAutoBills, overageEntries, subscriptions } from "@/db/schema";
import { defineJob, scheduleJob } from "@/lib/jobs";
import { notFound } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { formatDate } from "@/lib/format";
import { getProvider } from "@/features/billing/provider";
import { usagePriceFor } from "@/features/billing/usage-prices";
import { findPlan, formatCents } from "@/features/plans/catalogue";
import { usageMonthEnd } from "@/features/usage/usage-month";
import { insertLineItem, submitEntry } from "./overage.server";
import { lineItemSchema } from "./overage.schema";
import { PAYING_STATUSES } from "@/features/billing/subscription-state";

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
 * Trial months are never billed, nor a month an admin already billed by hand
 * (an overlapping submitted entry). An annual plan's month is billed at once
 * (its next invoice is up to a year away); a monthly plan's goes on its next
 * invoice. Returns the entries submitted.
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
      createdAt: subscriptions.createdAt,
    })
    .from(interactions)
    .innerJoin(subscriptions, eq(subscriptions.id, interactions.subscriptionId))
    .where(
      and(
        eq(subscriptions.autoBillOverage, true),
        inArray(subscriptions.status, [...PAYING_STATUSES]),
        isNull(interactions.spamReportedAt),
        gte(interactions.usageMonthStart, new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000)),
      ),
    )
    .groupBy(interactions.subscriptionId, interactions.usageMonthStart, subscriptions.planId, subscriptions.billing, subscriptions.trialEnd, subscriptions.createdAt);
  let billed = 0;
  for (const m of months) {
    const plan = findPlan(m.planId);
    const start = m.start!;
    const end = usageMonthEnd(m, start);
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

/**
 * One month: reserve it and submit it. The entry, its key and its line item
 * are stored in one transaction, so a reserved draft always holds its item and
 * a run that finds one (the last run stopped before submitting) only submits
 * it; submitting twice enqueues one billing job. True when submitted now.
 */
async function billMonth(subscriptionId: string, start: Date, end: Date, extraMilli: number, rate: number, planId: string, billing: "monthly" | "annual"): Promise<boolean> {
  const db = await getDb();
  const key = and(eq(overageAutoBills.subscriptionId, subscriptionId), eq(overageAutoBills.usageMonthStart, start));
  const [reserved] = await db.select({ entryId: overageAutoBills.entryId, status: overageEntries.status }).from(overageAutoBills).innerJoin(overageEntries, eq(overageEntries.id, overageAutoBills.entryId)).where(key);
  if (reserved && reserved.status !== "draft") return false;
  let entryId: string | undefined = reserved?.entryId;
  if (!entryId && (await billedByHand(subscriptionId, start, end))) return false;
  if (!entryId) {
    const price = usagePriceFor(await (await getProvider()).listPrices(), "phone_inbound", planId, billing);
    if (!price) throw new Error(`no metered usage price for the ${planId} plan (${billing})`);
    const item = lineItemSchema.parse({
      stripePriceId: price.id,
      quantity: 1,
      // Thousandths × cents per unit, rounded to a cent once.
      unitPrice: Math.round((extraMilli * rate) / 1000),
      description: `${(extraMilli / 1000).toLocaleString("en-US")} extra units (${formatDate(start)} – ${formatDate(end)}) at ${formatCents(rate)} a unit`,
    });
    entryId = await db.transaction(async (tx) => {
      const [entry] = await tx.insert(overageEntries).values({ id: randomUUID(), subscriptionId, periodStart: start, periodEnd: end, billNow: billing === "annual", status: "draft", createdBy: AUTO_BILL_CREATOR }).returning({ id: overageEntries.id });
      // Of two runs at once, the second waits here for the first to commit, then inserts nothing.
      const won = await tx.insert(overageAutoBills).values({ subscriptionId, usageMonthStart: start, entryId: entry!.id }).onConflictDoNothing().returning();
      if (won.length === 0) {
        await tx.delete(overageEntries).where(eq(overageEntries.id, entry!.id));
        return undefined;
      }
      await insertLineItem(tx, entry!.id, price, item);
      return entry!.id;
    });
    if (!entryId) return false;
  }
  await submitEntry(entryId);
  return true;
}

/** An admin already billed overage for a period overlapping this month (submitted, not failed): the month is not billed again. */
async function billedByHand(subscriptionId: string, start: Date, end: Date): Promise<boolean> {
  const db = await getDb();
  const [entry] = await db
    .select({ id: overageEntries.id })
    .from(overageEntries)
    .where(
      and(
        eq(overageEntries.subscriptionId, subscriptionId),
        ne(overageEntries.createdBy, AUTO_BILL_CREATOR),
        inArray(overageEntries.status, ["pending", "billed"]),
        lt(overageEntries.periodStart, end),
        gt(overageEntries.periodEnd, start),
      ),
    )
    .limit(1);
  return Boolean(entry);
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

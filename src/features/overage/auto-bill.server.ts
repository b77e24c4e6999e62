import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, lt, ne } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { overageAutoBills, overageEntries } from "@/db/schema";
import { defineScheduledJob, scheduleJob } from "@/lib/jobs";
import { notFound } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { formatDate, formatUnits } from "@/lib/format";
import { getProvider } from "@/features/billing/provider";
import { autoBillingSubscriptions, setSubscriptionAutoBillOverage } from "@/features/billing/account-subscriptions.server";
import { usagePriceFor } from "@/features/billing/usage-prices";
import { findPlan, formatCents } from "@/features/plans/catalogue";
import { usageMonths, usedMilli } from "@/features/usage/ledger.server";
import { priceUsage } from "@/features/usage/pricing";
import { insertLineItem, submitEntry } from "./overage.server";
import { lineItemSchema } from "./overage.schema";

/** Who the automatic entries name as their creator. */
export const AUTO_BILL_CREATOR = "auto-bill";
/** How far back an ended usage month is still billed automatically. */
const LOOKBACK_DAYS = 70;

/** PUT /api/admin/subscriptions/{id}/auto-bill-overage: turns automatic overage billing on or off. */
export async function setAutoBillOverage(subscriptionId: string, enabled: boolean): Promise<{ id: string; autoBillOverage: boolean }> {
  const row = await setSubscriptionAutoBillOverage(subscriptionId, enabled);
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
 * The months and their price are the ledger's (usageMonths, priceUsage:
 * admin-recorded usage counts, ADR 0133). Trial months are never billed, nor
 * a month an admin already billed by hand
 * (an overlapping submitted entry). An annual plan's month is billed at once
 * (its next invoice is up to a year away); a monthly plan's goes on its next
 * invoice. Returns the entries submitted.
 */
export async function autoBillOverage(): Promise<number> {
  const provider = await getProvider();
  const now = await provider.now();
  const subs = await autoBillingSubscriptions();
  const months = subs.length ? await usageMonths({ subscriptionIds: subs.map((x) => x.id) }, { from: new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000) }) : [];
  let billed = 0;
  for (const m of months) {
    const sub = m.subscription;
    const plan = findPlan(sub.planId);
    if (m.end > now) continue;
    const priced = priceUsage({ usedMilli: usedMilli(m), plan, billing: sub.billing, trialEnd: sub.trialEnd, monthStart: m.start });
    if (!priced.billable || priced.extraMilli <= 0 || priced.costCents <= 0) continue;
    const rate = plan!.extraUnitPrice![sub.billing];
    try {
      if (await billMonth(sub.id, m.start, m.end, { extraMilli: priced.extraMilli, costCents: priced.costCents, rate }, sub.planId, sub.billing)) billed++;
    } catch (err) {
      logger.error({ err, subscriptionId: sub.id, month: m.start.toISOString() }, "automatic overage billing failed; retried next run");
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
async function billMonth(
  subscriptionId: string,
  start: Date,
  end: Date,
  price: { extraMilli: number; costCents: number; rate: number },
  planId: string,
  billing: "monthly" | "annual",
): Promise<boolean> {
  const { extraMilli, rate } = price;
  const db = await getDb();
  const key = and(eq(overageAutoBills.subscriptionId, subscriptionId), eq(overageAutoBills.usageMonthStart, start));
  const [reserved] = await db
    .select({ entryId: overageAutoBills.entryId, status: overageEntries.status })
    .from(overageAutoBills)
    .innerJoin(overageEntries, eq(overageEntries.id, overageAutoBills.entryId))
    .where(key);
  if (reserved && reserved.status !== "draft") return false;
  let entryId: string | undefined = reserved?.entryId;
  if (!entryId && (await billedByHand(subscriptionId, start, end))) return false;
  if (!entryId) {
    const usagePrice = usagePriceFor(await (await getProvider()).listPrices(), "phone_inbound", planId, billing);
    if (!usagePrice) throw new Error(`no metered usage price for the ${planId} plan (${billing})`);
    const item = lineItemSchema.parse({
      stripePriceId: usagePrice.id,
      quantity: 1,
      // The ledger's price (priceUsage): thousandths × cents per unit, rounded to a cent once.
      unitPrice: price.costCents,
      description: `${formatUnits(extraMilli / 1000)} extra units (${formatDate(start)} – ${formatDate(end)}) at ${formatCents(rate)} a unit`,
    });
    entryId = await db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(overageEntries)
        .values({ id: randomUUID(), subscriptionId, periodStart: start, periodEnd: end, billNow: billing === "annual", status: "draft", createdBy: AUTO_BILL_CREATOR })
        .returning({ id: overageEntries.id });
      // Of two runs at once, the second waits here for the first to commit, then inserts nothing.
      const won = await tx.insert(overageAutoBills).values({ subscriptionId, usageMonthStart: start, entryId: entry!.id }).onConflictDoNothing().returning();
      if (won.length === 0) {
        await tx.delete(overageEntries).where(eq(overageEntries.id, entry!.id));
        return undefined;
      }
      await insertLineItem(tx, entry!.id, usagePrice, item);
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

// The next hour's run is the retry.
export const autoBillOverageJob = defineScheduledJob("overage.auto-bill", autoBillOverage, { maxAttempts: 1 });

/** Every hour, so a usage month is billed within an hour of its end. */
export async function scheduleAutoBillOverage(): Promise<void> {
  await scheduleJob(autoBillOverageJob, "7 * * * *", {});
}

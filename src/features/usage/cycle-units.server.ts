import "server-only";
import { addMonths } from "date-fns";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { interactions } from "@/db/schema";
import type { BillingCycle } from "@/features/billing/provider/port";
import type { Plan } from "@/features/plans/catalogue";
import type { CycleUnits } from "./usage.schema";

/**
 * Units of a subscription's calls and messages per billing cycle (the admin's
 * usage preview, issue 13): its usage months ending inside the cycle, each
 * month's units over the plan's included units added up, priced at the plan's
 * extra-unit price for the subscription's billing. Thousandths are summed and
 * the cost is rounded to cents once per cycle.
 */
export async function unitsByCycle(subscriptionId: string, cycles: BillingCycle[], plan: Plan | undefined, billing: "monthly" | "annual"): Promise<Record<string, CycleUnits>> {
  const db = await getDb();
  const months = await db
    .select({
      start: interactions.usageMonthStart,
      phone: sql<string>`coalesce(sum(${interactions.unitsMilli}) filter (where ${interactions.channel} = 'phone'), 0)::text`,
      text: sql<string>`coalesce(sum(${interactions.unitsMilli}) filter (where ${interactions.channel} <> 'phone'), 0)::text`,
    })
    .from(interactions)
    .where(and(eq(interactions.subscriptionId, subscriptionId), isNull(interactions.spamReportedAt)))
    .groupBy(interactions.usageMonthStart);
  const included = plan?.units ?? null;
  const unitPriceCents = plan?.extraUnitPrice?.[billing] ?? 0;
  const out: Record<string, CycleUnits> = {};
  for (const c of cycles) {
    // A month belongs to the cycle it ends in: paid months start with their cycle, the trial's month ends with the trial.
    const inCycle = months.filter((m) => m.start && addMonths(m.start, 1) > c.periodStart && addMonths(m.start, 1) <= c.periodEnd);
    let phone = 0;
    let text = 0;
    let extra = 0;
    for (const m of inCycle) {
      const p = Number(m.phone);
      const t = Number(m.text);
      phone += p;
      text += t;
      if (included !== null) extra += Math.max(0, p + t - included * 1000);
    }
    out[c.id] = { phone: phone / 1000, text: text / 1000, includedPerMonth: included, months: inCycle.length, extra: extra / 1000, unitPriceCents, extraCostCents: Math.round((extra * unitPriceCents) / 1000) };
  }
  return out;
}

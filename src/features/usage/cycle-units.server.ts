import "server-only";
import type { BillingCycle } from "@/features/billing/provider/port";
import type { Plan } from "@/features/plans/catalogue";
import { usageMonths, usedMilli } from "./ledger.server";
import { priceUsage } from "./pricing";
import type { CycleUnits } from "./usage.schema";

/**
 * Units per billing cycle (the admin's usage preview, issue 13): the ledger's
 * usage months (admin-recorded usage included, ADR 0133) ending inside the
 * cycle, each priced by priceUsage (a trial month costs 0) and added up: the
 * cost is the sum of what each month bills, as auto-billing bills it.
 */
export async function unitsByCycle(subscriptionId: string, cycles: BillingCycle[], plan: Plan | undefined, billing: "monthly" | "annual"): Promise<Record<string, CycleUnits>> {
  const months = await usageMonths({ subscriptionIds: [subscriptionId] });
  const included = plan?.units ?? null;
  const unitPriceCents = plan?.extraUnitPrice?.[billing] ?? 0;
  const out: Record<string, CycleUnits> = {};
  for (const c of cycles) {
    // A month belongs to the cycle it ends in: paid months start with their cycle, the trial's month ends with the trial.
    const inCycle = months.filter((m) => m.end > c.periodStart && m.end <= c.periodEnd);
    let phone = 0;
    let text = 0;
    let extra = 0;
    let cost = 0;
    for (const m of inCycle) {
      phone += m.phoneMilli;
      text += m.textMilli;
      const priced = priceUsage({ usedMilli: usedMilli(m), plan, billing, trialEnd: m.subscription.trialEnd, monthStart: m.start });
      extra += priced.extraMilli;
      cost += priced.costCents;
    }
    out[c.id] = { phone: phone / 1000, text: text / 1000, includedPerMonth: included, months: inCycle.length, extra: extra / 1000, unitPriceCents, extraCostCents: cost };
  }
  return out;
}

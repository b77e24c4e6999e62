import "server-only";
import { findPlan } from "@/features/plans/catalogue";
import { toUnits } from "@/features/plans/units";
import { usageMonths, usedMilli } from "@/features/usage/ledger.server";
import { priceUsage } from "@/features/usage/pricing";
import { csvRow } from "./csv";

/** The CSV's header row (also listed by the OpenAPI document). */
export const MONTHLY_USAGE_COLUMNS = ["month_start", "month_end", "plan", "billing", "phone_units", "text_units", "calls", "conversations", "included_units", "extra_units", "extra_cost_usd"];

/**
 * GET /api/interactions/monthly-usage.csv: the caller's units per usage month
 * and subscription, newest first (the dashboard's 'Download Reports'): the
 * ledger's months (spam-credited records count 0, usage recorded by an admin
 * counts; ADR 0133), priced by its priceUsage (0 in a trial month, which is
 * never billed). One row per month, so a few hundred rows at most; still
 * streamed.
 */
export async function monthlyUsageCsv(accountId: string): Promise<ReadableStream<Uint8Array>> {
  const months = await usageMonths({ accountId });
  const encoder = new TextEncoder();
  const lines = [csvRow(MONTHLY_USAGE_COLUMNS)];
  for (const m of months) {
    const sub = m.subscription;
    const plan = findPlan(sub.planId);
    const priced = priceUsage({ usedMilli: usedMilli(m), plan, billing: sub.billing, trialEnd: sub.trialEnd, monthStart: m.start });
    lines.push(
      csvRow([
        m.start.toISOString(),
        m.end.toISOString(),
        plan?.name ?? sub.planId,
        sub.billing,
        toUnits(m.phoneMilli),
        toUnits(m.textMilli),
        m.calls,
        m.conversations,
        priced.includedMilli === null ? "unlimited" : toUnits(priced.includedMilli),
        toUnits(priced.extraMilli),
        (priced.costCents / 100).toFixed(2),
      ]),
    );
  }
  return new ReadableStream({
    pull(controller) {
      const next = lines.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

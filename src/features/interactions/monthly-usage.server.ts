import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { interactions, subscriptions } from "@/db/schema";
import { findPlan } from "@/features/plans/catalogue";
import { usageMonthEnd } from "@/features/usage/usage-month";
import { csvRow } from "./csv";
import { toUnits } from "./units";

/** The CSV's header row (also listed by the OpenAPI document). */
export const MONTHLY_USAGE_COLUMNS = ["month_start", "month_end", "plan", "billing", "phone_units", "text_units", "calls", "conversations", "included_units", "extra_units", "extra_cost_usd"];

/**
 * GET /api/interactions/monthly-usage.csv: the caller's units per usage month
 * and subscription, newest first (the dashboard's 'Download Reports'): phone
 * and text units (spam-reported records count 0), the plan's included units,
 * the extra units and their cost at the plan's extra-unit price (0 in a
 * trial month, which is never billed). One row per
 * month, so a few hundred rows at most; still streamed.
 */
export async function monthlyUsageCsv(accountId: string): Promise<ReadableStream<Uint8Array>> {
  const db = await getDb();
  const rows = await db
    .select({
      month: interactions.usageMonthStart,
      planId: subscriptions.planId,
      billing: subscriptions.billing,
      trialEnd: subscriptions.trialEnd,
      createdAt: subscriptions.createdAt,
      phone: sql<string>`coalesce(sum(${interactions.unitsMilli}) filter (where ${interactions.channel} = 'phone' and ${interactions.spamReportedAt} is null), 0)::text`,
      text: sql<string>`coalesce(sum(${interactions.unitsMilli}) filter (where ${interactions.channel} <> 'phone' and ${interactions.spamReportedAt} is null), 0)::text`,
      calls: sql<number>`(count(*) filter (where ${interactions.channel} = 'phone'))::int`,
      conversations: sql<number>`(count(*) filter (where ${interactions.channel} <> 'phone'))::int`,
    })
    .from(interactions)
    .innerJoin(subscriptions, eq(subscriptions.id, interactions.subscriptionId))
    .where(and(eq(subscriptions.accountId, accountId), isNotNull(interactions.usageMonthStart)))
    .groupBy(interactions.subscriptionId, interactions.usageMonthStart, subscriptions.planId, subscriptions.billing, subscriptions.trialEnd, subscriptions.createdAt)
    .orderBy(desc(interactions.usageMonthStart));
  const encoder = new TextEncoder();
  const lines = [csvRow(MONTHLY_USAGE_COLUMNS)];
  for (const r of rows) {
    const plan = findPlan(r.planId);
    const used = Number(r.phone) + Number(r.text);
    const included = plan?.units ?? null;
    const extra = included === null ? 0 : Math.max(0, used - included * 1000);
    const end = usageMonthEnd(r, r.month!);
    // A month that ends within the trial is never billed (ADR 0101).
    const trial = Boolean(r.trialEnd && end <= r.trialEnd);
    const cents = trial ? 0 : Math.round((extra * (plan?.extraUnitPrice?.[r.billing] ?? 0)) / 1000);
    lines.push(
      csvRow([
        r.month!.toISOString(),
        end.toISOString(),
        plan?.name ?? r.planId,
        r.billing,
        toUnits(Number(r.phone)),
        toUnits(Number(r.text)),
        r.calls,
        r.conversations,
        included ?? "unlimited",
        toUnits(extra),
        (cents / 100).toFixed(2),
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

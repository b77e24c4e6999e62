import "server-only";
import type { CurrentAccount } from "@/features/accounts/current-account.server";
import { can } from "@/features/accounts/permissions";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import type { CallDisplay } from "@/features/interactions/call-display";
import { listAiEmployees } from "@/features/interactions/interactions-read.server";
import { findPlan } from "@/features/plans/catalogue";
import { readInsights } from "./insights.server";
import type { InsightsResponse } from "./insights.schema";
import { answeredInBusyHours, busyCells, projectionSentence, revenueEstimate, type HeatCell, type RevenueEstimate } from "./insights-figures";
import { insightsQueryOf, parseInsightsView, todayIn, type InsightsView } from "./insights-view";

type SearchParams = Record<string, string | string[] | undefined>;

export type InsightsScreen = {
  view: InsightsView;
  insights: InsightsResponse;
  aiEmployees: { id: string; name: string }[];
  display: CallDisplay;
  /** billing.read: the page names dollar figures. */
  showDollars: boolean;
  busy: HeatCell[];
  answeredBusyHours: number;
  revenue: RevenueEstimate;
  /** The projection sentence, or null when the month stays within its allowance. */
  projection: string | null;
  /** The subscription's price a month in cents (billing.read only; null without a priced subscription). */
  subscriptionMonthlyCents: number | null;
};

/**
 * Everything /insights draws for one account (issue 26): the view from the
 * address, the account's AI employees for the filter, and getInsights in the
 * zone the account's pages use (its own, else this browser's; ADR 0117).
 */
export async function insightsScreen(account: CurrentAccount, params: SearchParams): Promise<InsightsScreen> {
  const display = await callDisplayFor(account);
  const aiEmployees = await listAiEmployees(account.id);
  const view = parseInsightsView(params, { today: todayIn(display.timeZone), aiEmployeeIds: aiEmployees.map((a) => a.id) });
  const { insights, summarySubscription } = await readInsights(account.id, insightsQueryOf(view), { timeZone: display.timeZone, accountTimeZone: account.timeZone });
  const showDollars = can(account.role, "billing.read");
  const answeredBusyHours = answeredInBusyHours(insights);
  return {
    view,
    insights,
    aiEmployees,
    display,
    showDollars,
    busy: busyCells(insights.heatmap),
    answeredBusyHours,
    revenue: revenueEstimate({
      answeredAfterHours: insights.totals.answeredAfterHours,
      answeredBusyHours,
      appointments: insights.totals.appointments,
      jobValueCents: view.jobValueCents,
      bookingRatePercent: view.bookingRatePercent,
    }),
    projection: projectionSentence(insights.month, showDollars),
    subscriptionMonthlyCents: showDollars ? monthlyPriceCents(summarySubscription) : null,
  };
}

/** The subscription's price a month (the one the account's summary shows, read with the usage month): the monthly price, or an annual plan's price per month. */
function monthlyPriceCents(sub: { planId: string; billing: "monthly" | "annual" } | null): number | null {
  const plan = sub ? findPlan(sub.planId) : undefined;
  if (!sub || !plan) return null;
  return (sub.billing === "annual" ? plan.annualPrice : plan.monthlyPrice) ?? null;
}

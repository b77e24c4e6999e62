import "server-only";
import type { CurrentAccount } from "@/features/accounts/current-account.server";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import { getInsights } from "./insights.server";
import { changeVsPrevious } from "./insights-figures";
import { addDays, todayIn } from "./insights-view";

export type InsightsSummary = { interactions: number; previous: number; change: ReturnType<typeof changeVsPrevious>; answered: number; appointments: number };

/** The dashboard's Insights card: the last 7 days (today included, in the account's zone) against the 7 before. */
export async function insightsSummary(account: Pick<CurrentAccount, "id" | "timeZone">): Promise<InsightsSummary> {
  const { timeZone } = await callDisplayFor(account);
  const to = todayIn(timeZone);
  const insights = await getInsights(account.id, { from: addDays(to, -6), to }, { timeZone });
  const { interactions, byOutcome, appointments } = insights.totals;
  const previous = insights.previous.totals.interactions;
  return { interactions, previous, change: changeVsPrevious(interactions, previous), answered: byOutcome.answered, appointments };
}

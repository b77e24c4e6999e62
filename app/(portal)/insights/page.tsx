import type { Metadata } from "next";
import { LOGGED_OUT_NOTICE, requirePermission } from "@/features/auth/guards.server";
import { InsightsPage } from "@/features/insights/components/insights-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadInsightsScreen } from "./data.server";

export const metadata: Metadata = { title: "Insights" };

type SearchParams = Record<string, string | string[] | undefined>;

/** Insights (issue 26): the period and filters from the address, drawn on the server. */
async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const access = await requirePermission("calls.read", { returnTo: "/insights", notice: LOGGED_OUT_NOTICE, delayMs: 500 });
  if (!access.ok) return access.element;
  const screen = await loadInsightsScreen(access, await searchParams);
  return <InsightsPage screen={screen} account={access.account} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

import type { Metadata } from "next";
import { pageAccess } from "@/features/auth/page-access.server";
import { insightsScreen } from "@/features/insights/data.server";
import { InsightsPage } from "@/features/insights/components/insights-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Insights" };

type SearchParams = Record<string, string | string[] | undefined>;

/** Insights (issue 26): the period and filters from the address, drawn on the server. */
async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const access = await pageAccess({ returnTo: "/insights", permission: "calls.read", delayMs: 500, loginNotice: { title: "Unauthorized", description: "You are logged out. Logging in again..." } });
  if (!access.ok) return access.element;
  const screen = await insightsScreen(access.account, await searchParams);
  return <InsightsPage screen={screen} account={access.account} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

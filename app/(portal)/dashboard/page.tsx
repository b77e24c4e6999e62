import type { Metadata } from "next";
import { LOGGED_OUT_NOTICE, requirePermission } from "@/features/auth/guards.server";
import { DashboardPage } from "@/features/portal/dashboard/dashboard-page";
import { SpendModeCard } from "@/features/ai-settings/components/spend-mode-card";
import { InsightsSummary } from "@/features/insights/components/insights-summary";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadDashboardScreen } from "./data.server";

export const metadata: Metadata = { title: "Dashboard" };

async function Page() {
  const access = await requirePermission("calls.read", { returnTo: "/dashboard", notice: LOGGED_OUT_NOTICE, delayMs: 500 });
  if (!access.ok) return access.element;
  const { dashboard, spendLimit } = await loadDashboardScreen(access);
  return (
    <DashboardPage
      data={dashboard}
      spendLimit={
        <>
          <SpendModeCard {...spendLimit} />
          <InsightsSummary account={access.account} />
        </>
      }
    />
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

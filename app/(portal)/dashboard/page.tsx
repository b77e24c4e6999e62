import type { Metadata } from "next";
import { pageAccess } from "@/features/auth/page-access.server";
import { DashboardPage } from "@/features/portal/dashboard/dashboard-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { SpendModeCard } from "@/features/ai-settings/components/spend-mode-card";
import { spendLimitLines } from "@/features/interactions/spend-status.server";
import { InsightsSummary } from "@/features/insights/components/insights-summary";

export const metadata: Metadata = { title: "Dashboard" };

async function Page() {
  const access = await pageAccess({ returnTo: "/dashboard", permission: "calls.read", delayMs: 500, loginNotice: { title: "Unauthorized", description: "You are logged out. Logging in again..." } });
  if (!access.ok) return access.element;
  // Which spend limit mode is on (issue 24): rendered here, on the server, with the account's AI employees only.
  const lines = await spendLimitLines(access.account.id);
  return (
    <DashboardPage
      spendLimit={
        <>
          <SpendModeCard lines={lines} timeZone={access.account.timeZone} />
          <InsightsSummary account={access.account} />
        </>
      }
    />
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

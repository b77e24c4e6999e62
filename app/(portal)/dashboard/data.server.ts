import "server-only";
import type { PortalUser } from "@/features/auth/guards.server";
import { PERMISSIONS, can } from "@/features/accounts/permissions";
import { subscriptionSummary } from "@/features/usage/subscription-summary.server";
import { spendLimitLines } from "@/features/interactions/spend-status.server";
import type { SpendLimitLine } from "@/features/ai-settings/components/spend-mode-card";
import type { DashboardData } from "@/features/portal/dashboard/dashboard-page";

export type DashboardScreenData = {
  dashboard: DashboardData;
  /** Which spend limit mode is on (issue 24), for the account's AI employees only. */
  spendLimit: { lines: SpendLimitLine[]; timeZone: string };
};

/**
 * /dashboard's typed data (ADR 0140), read on the server with the page: the
 * member's first name and permissions, the subscription summary with this
 * month's units (the same summary /api/auth/user answers its API callers),
 * and the spend limit lines. The header never pays for these.
 */
export async function loadDashboardScreen({ user, account }: PortalUser): Promise<DashboardScreenData> {
  const [subscription, lines] = await Promise.all([subscriptionSummary(account.id), spendLimitLines(account.id)]);
  return {
    dashboard: { firstName: user.firstName, permissions: PERMISSIONS.filter((p) => can(account.role, p)), subscription },
    spendLimit: { lines, timeZone: account.timeZone },
  };
}

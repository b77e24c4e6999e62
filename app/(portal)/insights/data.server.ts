import "server-only";
import type { PortalUser } from "@/features/auth/guards.server";
import { insightsScreen, type InsightsScreen } from "@/features/insights/data.server";

type SearchParams = Record<string, string | string[] | undefined>;

/** /insights: the view the address names, read from the rollups (ADR 0137, 0138). */
export async function loadInsightsScreen(access: PortalUser, params: SearchParams): Promise<InsightsScreen> {
  return insightsScreen(access.account, params);
}

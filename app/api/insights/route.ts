import { route } from "@/features/auth/route.server";
import { readQuery } from "@/lib/http/route";
import { can } from "@/features/accounts/permissions";
import { getInsights } from "@/features/insights/insights.server";
import { insightsQuerySchema } from "@/features/insights/insights.schema";

/**
 * GET /api/insights?from&to&aiEmployeeId&channel (issue 26): the account's
 * insights for a period of its days (default the last 30, at most 120). Staff
 * see them (calls.read); the month's extra cost is null without billing.read.
 */
export const GET = route({ permission: "calls.read" }, async ({ req, account }) => {
  const query = readQuery(req, insightsQuerySchema);
  return Response.json(await getInsights(account.id, query, { timeZone: account.timeZone, showMoney: can(account.role, "billing.read") }));
});

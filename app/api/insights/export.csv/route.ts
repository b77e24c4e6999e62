import { route } from "@/features/auth/route.server";
import { readQuery } from "@/lib/http/route";
import { getInsights } from "@/features/insights/insights.server";
import { insightsQuerySchema } from "@/features/insights/insights.schema";
import { insightsCsv } from "@/features/insights/insights-csv";

/** GET /api/insights/export.csv: the insights' daily series under the same filters, one row a day, as a download. */
export const GET = route({ permission: "calls.read" }, async ({ req, account }) => {
  const query = readQuery(req, insightsQuerySchema);
  const insights = await getInsights(account.id, query, { timeZone: account.timeZone, showMoney: false });
  return new Response(insightsCsv(insights), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insights-${insights.period.from}-to-${insights.period.to}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});

import { route } from "@/features/auth/route.server";
import { monthlyUsageCsv } from "@/features/interactions/monthly-usage.server";

/** GET /api/interactions/monthly-usage.csv: the caller's units per usage month, as a CSV download. */
export const GET = route({ permission: "calls.export" }, async ({ account }) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await monthlyUsageCsv(account.id), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="monthly-usage-${day}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});

import { route } from "@/features/auth/route.server";
import { exportCsv } from "@/features/interactions/interactions-read.server";
import { callDisplayForRequest } from "@/features/interactions/call-display.server";

/** GET /api/interactions/export.csv: every record under the call log's filters, as a streamed CSV download. */
export const GET = route({ permission: "calls.export" }, async ({ req, account }) => {
  // The numbers as the call pages show them: the account's country (ADR 0117, 0118).
  const { country } = callDisplayForRequest(account, req);
  const body = exportCsv(account.id, new URL(req.url).searchParams, country);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="calls-${day}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});

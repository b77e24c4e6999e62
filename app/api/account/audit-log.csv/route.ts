import { route } from "@/features/auth/route.server";
import { auditLogCsv } from "@/features/accounts/audit-log.server";
import { csvRow } from "@/features/interactions/csv";

/** GET /api/account/audit-log.csv: the caller's account's whole audit log (owners and managers), as a streamed CSV download. */
export const GET = route({ permission: "members.manage" }, async ({ account }) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(auditLogCsv(account.id, account.timeZone, csvRow), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${day}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});

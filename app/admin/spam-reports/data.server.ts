import "server-only";
import { SELF_SERVICE_CREDIT_PERCENT, listPendingSpamReports } from "@/features/interactions/spam-reports.server";

export type SpamReportsScreenData = { pending: Awaited<ReturnType<typeof listPendingSpamReports>>; selfServiceCreditPercent: number };

/** /admin/spam-reports: the reports past a month's self-service credit, oldest first, and that credit. */
export async function loadSpamReportsScreen(): Promise<SpamReportsScreenData> {
  return { pending: await listPendingSpamReports(), selfServiceCreditPercent: SELF_SERVICE_CREDIT_PERCENT };
}

import { route } from "@/features/auth/route.server";
import { reportSpam } from "@/features/interactions/spam-reports.server";

/**
 * POST /api/interactions/<id>/report-spam: reports a phone call of 30 s or more as spam (spec 9);
 * credited at once within the month's self-service credit, else waiting for an admin (ADR 0105). Answers the updated record.
 */
export const POST = route<"user", { id: string }>({ permission: "calls.reportSpam" }, async ({ user, account, params }) =>
  Response.json(await reportSpam(account.id, params.id, { id: user.id, email: user.email })),
);

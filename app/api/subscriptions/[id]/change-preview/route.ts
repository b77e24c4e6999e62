import { route } from "@/features/auth/route.server";
import { readQuery } from "@/lib/http/route";
import { ownSubscription } from "@/features/billing/cancel-resume.server";
import { changePreviewQuery, previewPlanChange } from "@/features/billing/plan-change.server";

/** GET /api/subscriptions/{id}/change-preview?planId&billing: what a plan change costs today, the next invoice and when it takes effect (another account's id answers 404). */
export const GET = route<"user", { id: string }>({ permission: "billing.read" }, async ({ req, account, params }) => {
  // Another account's id answers 404 before anything about the query is said.
  await ownSubscription(account.id, params.id);
  const query = readQuery(req, changePreviewQuery);
  return Response.json(await previewPlanChange({ accountId: account.id }, params.id, query));
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { ownSubscription } from "@/features/billing/cancel-resume.server";
import { cancelPendingPlanChange, changePlan, changePlanBody } from "@/features/billing/plan-change.server";

/** POST /api/subscriptions/{id}/change-plan {planId, billing}: an upgrade at once (proration charged), a downgrade at the period's end. */
export const POST = route<"user", { id: string }>({ permission: "billing.manage" }, async ({ req, account, params }) => {
  // Another account's id answers 404 before anything about the body is said.
  await ownSubscription(account.id, params.id);
  const body = await readJson(req, changePlanBody);
  const subscription = await changePlan({ accountId: account.id }, params.id, body);
  return Response.json({ success: true, subscription });
});

/** DELETE /api/subscriptions/{id}/change-plan: keeps the current plan (cancels a pending downgrade). */
export const DELETE = route<"user", { id: string }>({ permission: "billing.manage" }, async ({ account, params }) => {
  const subscription = await cancelPendingPlanChange({ accountId: account.id }, params.id);
  return Response.json({ success: true, subscription });
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { cancelSubscription, cancelSubscriptionBody } from "@/features/billing/cancel-resume.server";

/** Cancels the caller's subscription at the end of the current billing period, with an optional reason (issue 23). */
export const POST = route({ permission: "billing.manage" }, async ({ req, account }) => {
  const body = await readJson(req, cancelSubscriptionBody);
  const subscription = await cancelSubscription({ accountId: account.id }, body.subscriptionId, body.reason);
  return Response.json({
    success: true,
    message: "Your subscription will be cancelled at the end of the current billing period.",
    subscription,
  });
});

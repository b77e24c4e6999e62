import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { cancelSubscriptionBody } from "@/features/billing/billing.schema";
import { cancelSubscription, payerOf } from "@/features/billing/subscriptions.server";

/** Cancels the caller's subscription at the end of the current billing period. */
export const POST = route({ permission: "billing.manage" }, async ({ req, user, account }) => {
  const body = await readJson(req, cancelSubscriptionBody);
  const subscription = await cancelSubscription(payerOf(user, account), body.subscriptionId);
  return Response.json({
    success: true,
    message: "Your subscription will be cancelled at the end of the current billing period.",
    subscription,
  });
});

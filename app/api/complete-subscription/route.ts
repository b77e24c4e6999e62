import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { completeSubscriptionBody } from "@/features/billing/billing.schema";
import { completeSubscription, payerOf } from "@/features/billing/subscriptions.server";
import { claimOrderCalls } from "@/features/interactions/retention.server";

/** Checkout completion: verifies the caller's succeeded setup intent, starts the 14-day trial (or, the free trial used, a paid subscription: ADR 0105), claims the AI employee. */
export const POST = route({ permission: "billing.manage" }, async ({ req, user, account }) => {
  const body = await readJson(req, completeSubscriptionBody);
  const subscription = await completeSubscription(payerOf(user, account), body, { claimCalls: claimOrderCalls });
  return Response.json({ success: true, subscription });
});

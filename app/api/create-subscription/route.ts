import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { createSubscriptionBody } from "@/features/billing/billing.schema";
import { createSubscriptionFirst, payerOf } from "@/features/billing/subscriptions.server";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";

/**
 * Subscribe page: a trialing subscription whose setup intent collects the card -> {clientSecret, trial: true};
 * once the customer's free trial is used, a setup intent for a paid start -> {clientSecret, setupIntentId, trial: false} (ADR 0105).
 */
export const POST = route({ permission: "billing.manage" }, async ({ req, user, account }) => {
  const body = await readJson(req, createSubscriptionBody);
  const result = await createSubscriptionFirst(payerOf(user, account), body.planId, body.billing);
  return Response.json({ ...result, publishableKey: publishableKey() });
});

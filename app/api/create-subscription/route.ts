import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { createSubscriptionBody } from "@/features/billing/billing.schema";
import { createCheckoutSetupIntent, payerOf } from "@/features/billing/subscriptions.server";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";

/**
 * Subscribe page: card first, as /checkout (issue 23, ADR 0111). Creates no
 * subscription: a setup intent -> {clientSecret, setupIntentId, trial}; the
 * confirmed card then starts the subscription through complete-subscription
 * (a free trial, or paid at once once the trial is used: ADR 0105).
 */
export const POST = route({ permission: "billing.manage" }, async ({ req, user, account }) => {
  // The plan and period are checked here; complete-subscription starts them.
  await readJson(req, createSubscriptionBody);
  const result = await createCheckoutSetupIntent(payerOf(user, account));
  return Response.json({ ...result, publishableKey: publishableKey() });
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { createSetupIntentBody } from "@/features/billing/billing.schema";
import { createCheckoutSetupIntent, payerOf } from "@/features/billing/subscriptions.server";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";

/** Checkout page: a setup intent for the caller's customer -> {clientSecret, setupIntentId, trial} (trial false: the free trial is used, ADR 0105). */
export const POST = route({ permission: "billing.manage" }, async ({ req, user, account }) => {
  await readJson(req, createSetupIntentBody);
  const result = await createCheckoutSetupIntent(payerOf(user, account));
  return Response.json({ ...result, publishableKey: publishableKey() });
});

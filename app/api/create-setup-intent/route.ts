import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { createSetupIntentBody } from "@/features/billing/billing.schema";
import { createCheckoutSetupIntent } from "@/features/billing/subscriptions.server";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";

/** Checkout page: a setup intent for the caller's customer -> {clientSecret, setupIntentId, trial} (trial false: the free trial is used, ADR 0105). */
export const POST = route({ access: "user" }, async ({ req, user }) => {
  await readJson(req, createSetupIntentBody);
  const result = await createCheckoutSetupIntent(user);
  return Response.json({ ...result, publishableKey: publishableKey() });
});

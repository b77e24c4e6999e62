import "server-only";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";
import { parseBilling } from "@/features/portal/format";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

export type SubscribeScreenData = {
  planId: string;
  billing: ReturnType<typeof parseBilling>;
  publishableKey: ReturnType<typeof publishableKey>;
  /** Back from a confirmation that needed a redirect (the provider adds redirect_status and setup_intent). */
  returnedSetupIntentId: string | null;
};

/** This page with its plan and billing: where sign-in comes back to. */
export function subscribeReturnTo(params: Search): string {
  const query = new URLSearchParams();
  const plan = one(params.plan);
  if (plan) query.set("plan", plan);
  if (one(params.billing)) query.set("billing", parseBilling(one(params.billing)));
  return query.size ? `/subscribe?${query}` : "/subscribe";
}

/** /subscribe reads only its address (no database). */
export function loadSubscribeScreen(params: Search): SubscribeScreenData {
  return {
    planId: one(params.plan) ?? "",
    billing: parseBilling(one(params.billing)),
    publishableKey: publishableKey(),
    returnedSetupIntentId: one(params.redirect_status) === "succeeded" ? (one(params.setup_intent) ?? null) : null,
  };
}

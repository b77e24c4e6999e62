import type { Billing } from "@/features/plans/catalogue";

/** What /checkout and /subscribe start from: the plan and billing chosen, the payment provider's key, and a card confirmed through a redirect. */
export type CardStepProps = {
  planId: string;
  billing: Billing;
  publishableKey: string | null;
  /** A setup intent confirmed through a redirect: the subscription starts with it. */
  returnedSetupIntentId?: string | null;
};

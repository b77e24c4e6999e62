import { CheckList } from "@/lib/ui/check-list";
import type { PlanView } from "@/features/billing/api-types";
import { FREE_TRIAL_USED } from "@/features/billing/free-trial";
import type { Billing } from "@/features/plans/catalogue";
import { Card, CardContent, CardHeader, CardTitle } from "@/lib/ui/card";
import { IncludedList } from "../included-list";
import { PlanPriceHeader } from "../plan-price-header";
import { chargedNowText } from "../subscribe/subscribe-summary";

const TRIAL_POINTS = ["14 days free", "No charges until the trial ends", "Cancel anytime", "Full access to all plan features"];

/**
 * /checkout's terms, said before the card is asked for: the 14-day free
 * trial, or, once the customer's trial is used (ADR 0105), that this
 * subscription starts today and is charged now.
 */
export function CheckoutTerms({ planName, trial }: { planName: string; trial: boolean }) {
  return (
    <p className="mt-1 text-slate-700" data-testid="checkout-terms">
      {trial ? `Start your 14-day free trial for the ${planName} plan` : FREE_TRIAL_USED}
    </p>
  );
}

/** The plan, its price (after the trial, or charged now) and what is included; then the trial's or the billing's details. */
export function CheckoutSummary({ planId, plan, billing, trial }: { planId: string; plan: PlanView; billing: Billing; trial: boolean }) {
  const price = billing === "annual" ? plan.annualPrice : plan.monthlyPrice;
  const points = trial ? TRIAL_POINTS : [chargedNowText(price, billing), "Cancel anytime: it ends with the period you paid for", "Full access to all plan features"];
  return (
    <div className="flex flex-col gap-6">
      <Card data-testid="checkout-summary">
        <PlanPriceHeader name={plan.name} price={price} billing={billing} trial={trial} caption={trial ? "Price after trial" : "Charged today"} />
        <CardContent>
          <IncludedList planId={planId} billing={billing} apiPlan={plan} />
        </CardContent>
      </Card>
      <Card className={trial ? "border-blue-200 bg-blue-50" : "border-amber-200 bg-amber-50"}>
        <CardHeader>
          <CardTitle as="h2" className={trial ? "text-blue-950" : "text-amber-950"}>
            {trial ? "Free Trial Details" : "Billing Details"}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <CheckList items={points} className={trial ? "flex flex-col gap-2 text-blue-950" : "flex flex-col gap-2 text-amber-950"} />
        </CardContent>
      </Card>
    </div>
  );
}

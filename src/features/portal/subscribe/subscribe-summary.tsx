import { CheckList } from "@/lib/ui/check-list";
import { FREE_TRIAL_USED } from "@/features/billing/free-trial";
import { formatCents, type Billing } from "@/features/plans/catalogue";
import { Card, CardContent } from "@/lib/ui/card";
import { IncludedList } from "../included-list";
import { PlanPriceHeader } from "../plan-price-header";

const TRIAL_POINTS = ["14-day free trial included", "Cancel anytime during trial", "Full access to all plan features"];

/** What a paid start says it charges: the price now, then each period. */
export function chargedNowText(price: number | null, billing: Billing): string {
  const per = billing === "annual" ? "year" : "month";
  return price === null ? `Charged today, then every ${per}` : `${formatCents(price)} charged today, then every ${per}`;
}

/**
 * /subscribe's heading and plan summary, said before the card is asked for:
 * the 14-day free trial, or, once the customer's trial is used (ADR 0105),
 * that this subscription starts today and is charged now.
 */
export function SubscribeSummary({ planId, name, price, billing, trial }: { planId: string; name: string; price: number | null; billing: Billing; trial: boolean }) {
  const points = trial ? TRIAL_POINTS : [chargedNowText(price, billing), "Cancel anytime: it ends with the period you paid for", "Full access to all plan features"];
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Subscribe to {name} Plan</h1>
      <p className="mt-1 text-slate-700" data-testid="subscribe-terms">
        {trial ? "Start your 14-day free trial today" : FREE_TRIAL_USED}
      </p>

      <Card className="mt-8" data-testid="subscribe-summary">
        <PlanPriceHeader name={name} price={price} billing={billing} trial={trial} />
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <CheckList items={points} className="flex flex-col gap-2 text-slate-800" checkClassName="text-green-700" />
          <IncludedList planId={planId} billing={billing} />
        </CardContent>
      </Card>
    </>
  );
}

/** The card form's note and button: saved now and charged after the trial, or charged now. */
export function subscribePaymentTerms(trial: boolean, price: number | null, billing: Billing): { note: string; submitLabel: string } {
  if (trial) return { note: "Your card is saved now and charged only after the 14-day trial ends.", submitLabel: "Start 14-Day Free Trial" };
  return {
    note: `${FREE_TRIAL_USED} ${chargedNowText(price, billing)}.`,
    submitLabel: price === null ? "Subscribe and Pay Now" : `Subscribe and Pay ${formatCents(price)}`,
  };
}

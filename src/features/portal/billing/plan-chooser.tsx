"use client";
import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { X } from "lucide-react";
import { CheckList } from "@/lib/ui/check-list";
import { FREE_TRIAL_USED } from "@/features/billing/free-trial";
import { PLANS, type Billing, type Plan } from "@/features/plans/catalogue";
import { formatMoney } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { Switch } from "@/lib/ui/switch";
import { cn } from "@/lib/ui/cn";
import { UnitChartTable } from "@/features/plans/components/unit-chart-table";
import { PlanPriceTable } from "@/features/plans/components/plan-price-table";

/** Where a plan card leads (spec 2): checkout for plans sold online, the demo page for enterprise. */
export function planChooserHref(planId: string, billing: Billing, aiEmployeeId: string | null): string {
  if (planId === "enterprise") return "/hire-ai-employee";
  const q = new URLSearchParams({ plan: planId, billing });
  if (aiEmployeeId) q.set("aiEmployeeId", aiEmployeeId);
  return `/checkout?${q.toString()}`;
}

/**
 * The billing page's plan chooser panel, opened from a pending AI employee or
 * one whose subscription ended. While the customer's one free trial is unused
 * it offers the 14-day trial; after that it says, before the checkout asks
 * for the card, that the subscription starts today and is charged now (ADR 0105).
 */
export function PlanChooser({ aiEmployeeId, onClose, freeTrial = true }: { aiEmployeeId: string | null; onClose: () => void; freeTrial?: boolean }) {
  const router = useRouter();
  const [billing, setBilling] = useState<Billing>("monthly");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switchId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section aria-labelledby="plan-chooser-title" className="relative rounded-xl border border-brand-200 bg-white p-6 shadow-lg" data-testid="plan-chooser">
      <Button variant="ghost" size="icon" className="absolute right-3 top-3" onClick={onClose} aria-label="Close plan chooser">
        <X aria-hidden />
      </Button>
      <h2 id="plan-chooser-title" ref={headingRef} tabIndex={-1} className="pr-10 text-2xl font-bold text-slate-900 focus-visible:outline-none">
        Choose Your Subscription Plan
      </h2>
      <p className="mt-1 text-slate-700" data-testid="plan-chooser-terms">
        {freeTrial ? "Start your 14-day free trial. You won't be charged until the trial ends." : FREE_TRIAL_USED}
      </p>

      <div className="mt-5 flex items-center gap-3">
        <span className={cn("text-sm font-medium", billing === "monthly" ? "text-slate-950" : "text-slate-600")} aria-hidden>
          Monthly
        </span>
        <Switch id={switchId} checked={billing === "annual"} onCheckedChange={(on) => setBilling(on ? "annual" : "monthly")} aria-label="Annual billing" />
        <span className={cn("text-sm font-medium", billing === "annual" ? "text-slate-950" : "text-slate-600")} aria-hidden>
          Annual
        </span>
        <Badge variant="green">Save 10%</Badge>
      </div>

      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} billing={billing} freeTrial={freeTrial} onChoose={() => router.push(planChooserHref(plan.id, billing, aiEmployeeId))} />
          </li>
        ))}
      </ul>

      {/* Stacked, each full width: side by side the price table would be clipped at desktop widths.
          min-w-0 lets a wide table scroll inside its region instead of widening the page. */}
      <div className="mt-8 grid gap-6">
        <div className="min-w-0 max-w-2xl">
          <h3 className="text-lg font-semibold text-slate-900">Unit Calculation Chart</h3>
          <UnitChartTable className="mt-2 text-sm" />
          <p className="mt-2 text-xs text-slate-600">Units reset monthly. Spam calls are disconnected automatically within 30 seconds.</p>
        </div>
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-slate-900">Detailed Pricing Breakdown</h3>
          <PlanPriceTable className="mt-2" />
        </div>
      </div>

      {freeTrial ? (
        <div className="mt-6 rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-950">
          <h3 className="font-semibold">Free Trial Details</h3>
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            <li>14 days free on every plan</li>
            <li>No charges until the trial ends</li>
            <li>Cancel anytime during the trial</li>
            <li>Full access to all plan features</li>
          </ul>
        </div>
      ) : (
        <div className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
          <h3 className="font-semibold">Billing Details</h3>
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            <li>One free trial per customer: yours has been used</li>
            <li>Charged today when you subscribe, then every month or year</li>
            <li>Cancel anytime: it ends with the period you paid for</li>
            <li>Full access to all plan features</li>
          </ul>
        </div>
      )}
    </section>
  );
}

function PlanCard({ plan, billing, freeTrial, onChoose }: { plan: Plan; billing: Billing; freeTrial: boolean; onChoose: () => void }) {
  const price = billing === "annual" ? plan.annualPrice : plan.monthlyPrice;
  const shown = plan.features.slice(0, 3);
  const more = plan.features.length - shown.length;
  return (
    <article
      className={cn("relative flex h-full flex-col rounded-lg border p-4", plan.popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200")}
      aria-label={`${plan.name} plan`}
      data-testid={`plan-card-${plan.id}`}
    >
      {plan.popular && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>}
      <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
      {freeTrial ? (
        <Badge variant="blue" className="mt-1 w-fit">
          14-Day Free Trial
        </Badge>
      ) : null}
      <p className="mt-3">
        {price === null ? (
          <span className="text-2xl font-bold text-slate-900">Custom</span>
        ) : (
          <>
            <span className="text-2xl font-bold text-slate-900">{formatMoney(price, "USD", { whole: price % 100 === 0 })}</span>
            <span className="text-sm text-slate-700">/month</span>
          </>
        )}
      </p>
      {billing === "annual" && price !== null && <p className="text-xs text-slate-600">billed annually</p>}
      <p className="mt-1 text-sm font-medium text-slate-800">{plan.unitsLabel}</p>
      <CheckList items={shown.map((feature) => feature.replace(/\*$/, ""))} className="mt-3 flex flex-col gap-1.5 text-sm text-slate-800" checkClassName="text-green-700" />
      {more > 0 && <p className="mt-2 text-sm text-slate-600">+ {more} more features</p>}
      <Button className="mt-4 w-full" variant={plan.popular ? "default" : "outline"} onClick={onChoose}>
        {plan.id === "enterprise" ? "Contact Sales" : freeTrial ? "Start Free Trial" : "Subscribe"}
      </Button>
    </article>
  );
}

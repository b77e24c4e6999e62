"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, CreditCard, Gift, AlertTriangle } from "lucide-react";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { formatCents } from "@/features/plans/catalogue";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { isCancelling, isInGoodStanding } from "@/features/billing/subscription-state";
import { cancelDate, canCancel, formatDate, subscriptionPrice } from "../format";
import { SubscriptionStatusBadges } from "./status-badges";
import { usePortalSession } from "./use-portal-actions";
import { CancelSubscriptionButton, ResumeSubscriptionButton } from "./cancel-resume-controls";
import { ChangePlanButton, PendingPlanChange } from "./change-plan-dialog";
import { BILLING_AUTH_META } from "./use-billing-auth";

/** The Subscription tab: 'Your AI Employee Subscriptions'. */
export function SubscriptionsPanel() {
  const { data, isLoading, isError } = useQuery<CustomerSubscription[]>({ queryKey: ["/api/user-subscriptions"], meta: BILLING_AUTH_META });
  const subs = data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your AI Employee Subscriptions</CardTitle>
        <CardDescription>Plans, trials and renewals for your AI employees.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-slate-700">Loading subscriptions...</p>
        ) : isError ? (
          <p className="text-red-800" role="alert">
            Unable to load your subscriptions. Please try again.
          </p>
        ) : subs.length === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 p-6">
            <p className="font-medium text-slate-900">No active subscription</p>
            <Button asChild>
              <Link href="/pricing">View Plans</Link>
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-4">
            {subs.map((sub) => (
              <li key={sub.id}>
                <SubscriptionItem sub={sub} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SubscriptionItem({ sub }: { sub: CustomerSubscription }) {
  const portal = usePortalSession();
  const cancelling = isCancelling(sub);
  const trialEnd = sub.stripeData.stripeTrialEnd ?? sub.trialEnd;
  const upcoming = sub.stripeData.upcomingInvoice;
  const days = sub.stripeData.daysInTrial;
  return (
    <article className="rounded-lg border border-slate-200 p-5" data-testid="subscription-item" aria-label={`${sub.plan.name} plan subscription`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{sub.plan.name} Plan</h3>
          <p className="text-slate-700">{subscriptionPrice(sub)}</p>
        </div>
        <SubscriptionStatusBadges sub={sub} />
      </div>

      {days > 0 && (
        <div className="mt-4 flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-950" data-testid="trial-banner">
          <Gift className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">Free Trial Active</p>
            <p>
              {days} {days === 1 ? "day" : "days"} remaining
            </p>
            {trialEnd && <p className="text-sm">Trial ends {formatDate(trialEnd)}</p>}
          </div>
        </div>
      )}

      {cancelling && (
        <div className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="cancelling-banner">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">Subscription Cancelling</p>
            <p>Ends on {formatDate(cancelDate(sub)) || "the end of the current billing period"}. Resume it before then to keep your AI employee.</p>
          </div>
        </div>
      )}

      {!cancelling && <PendingPlanChange sub={sub} />}

      {!cancelling && upcoming && (
        <div className="mt-4 flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="next-billing">
          <CalendarClock className="mt-0.5 size-5 shrink-0 text-slate-700" aria-hidden />
          <div>
            <p className="font-semibold text-slate-900">Next Billing</p>
            <p className="text-slate-800">
              {formatCents(upcoming.amount)}
              {upcoming.periodEnd ? ` on ${formatDate(upcoming.periodEnd)}` : ""}
            </p>
          </div>
        </div>
      )}

      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="outline" onClick={portal.open} disabled={portal.opening}>
          <CreditCard aria-hidden />
          {portal.opening ? "Opening..." : "Manage Subscription"}
        </Button>
        {canChangePlan(sub) && <ChangePlanButton sub={sub} />}
        {canCancel(sub) && <CancelSubscriptionButton sub={sub} />}
        {cancelling && <ResumeSubscriptionButton sub={sub} />}
      </div>
    </article>
  );
}

/** A live subscription that is not cancelling may change plan (a past-due one pays first). */
function canChangePlan(sub: CustomerSubscription): boolean {
  return isInGoodStanding(sub.status) && !isCancelling(sub);
}

"use client";

import * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Badge } from "@/lib/ui/badge";
import { Field } from "@/lib/ui/field";
import { Button } from "@/lib/ui/button";
import { FilterSelect } from "@/lib/ui/filter-select";
import { usePagedList, useSearchText } from "@/lib/paged-list";
import { ListShell } from "@/lib/ui/list-shell";
import { PLANS } from "@/features/plans/catalogue";
import { errorMessage } from "@/lib/api-client";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { ADMIN_SUBSCRIPTIONS_KEY, formatDate } from "@/features/usage/components/admin-client";
import { OveragePanel } from "@/features/overage/components/overage-panel";
import { StatusBadges } from "@/features/billing/components/status-badges";
import { ADMIN_STATUS_NAMES, SUBSCRIPTION_STATUSES, isCounting } from "@/features/billing/subscription-state";
import { formatMoney } from "@/lib/format";
import { AccountCell, AccountFilterNote, useAccountFilter } from "@/features/admin-accounts/components/account-filter";
import { subscriptionFlags } from "./subscription-flags";
import { subscriptionLabels } from "@/features/usage/components/subscription-label";

/**
 * Admin dashboard "Subscriptions" tab: one page at a time (ADR 0096), searched
 * and filtered on the server, also by business account (?account=, ADR 0110);
 * flags; the overage panel on demand.
 */
const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((value) => ({ value, label: ADMIN_STATUS_NAMES[value] }));
const PLAN_OPTIONS = PLANS.map((p) => ({ value: p.id, label: p.name }));
const FLAG_OPTIONS = [
  { value: "cancelling", label: "Cancels at period end" },
  { value: "mismatch", label: "Status mismatch" },
  { value: "ended", label: "Ended" },
];

export function SubscriptionsTab(): React.JSX.Element {
  const search = useSearchText();
  const q = search.q;
  const [status, setStatus] = React.useState("");
  const [plan, setPlan] = React.useState("");
  const [flag, setFlag] = React.useState("");
  const account = useAccountFilter();
  const list = usePagedList<AdminSubscription>(ADMIN_SUBSCRIPTIONS_KEY[0], {
    q: q || undefined,
    status: status || undefined,
    plan: plan || undefined,
    flag: flag || undefined,
    account: account ?? undefined,
  });
  const filtered = Boolean(q || status || plan || flag || account);
  // Each subscription named by its AI employee, plan and start date (issue 23).
  const { items, refetch, isFetching } = list;
  const labels = subscriptionLabels(items);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle as="h2">Subscriptions</CardTitle>
          <CardDescription>Every customer subscription, as last synchronised from the payment provider.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? "Refreshing..." : "Refresh"}
        </Button>
      </CardHeader>
      <CardContent>
        <ListShell
          query={list}
          count={items.length}
          searchLabel="Search subscriptions"
          searchClassName="sm:grid-cols-2 lg:grid-cols-4"
          search={{
            id: "subscriptions-search",
            label: "Search",
            testId: "admin-subscriptions-search",
            placeholder: "Name, e-mail, phone or AI employee",
            value: search.text,
            onChange: search.setText,
          }}
          filters={
            <>
              <FilterSelect id="subscriptions-status" label="Status" value={status} onChange={setStatus} any="Any status" options={STATUS_OPTIONS} />
              <FilterSelect id="subscriptions-plan" label="Plan" value={plan} onChange={setPlan} any="Any plan" options={PLAN_OPTIONS} />
              <FilterSelect id="subscriptions-flag" label="Flag" value={flag} onChange={setFlag} any="Any" options={FLAG_OPTIONS} />
            </>
          }
          notice={account ? <AccountFilterNote tab="subscriptions" accountId={account} accountName={items.find((s) => s.accountId === account)?.account.name ?? null} /> : null}
          loading="Loading subscriptions"
          error={errorMessage(list.error, "Failed to load subscriptions")}
          empty={filtered ? "No subscriptions match." : "No subscriptions yet."}
        >
          <ul className="space-y-4" aria-label="Subscriptions" data-testid="admin-subscriptions-list">
            {items.map((s) => (
              <li key={s.id} data-testid="admin-subscription-row">
                <SubscriptionItem subscription={s} label={labels.get(s.id)!} />
              </li>
            ))}
          </ul>
        </ListShell>
      </CardContent>
    </Card>
  );
}

function SubscriptionItem({ subscription: s, label }: { subscription: AdminSubscription; label: string }) {
  const { cancelling, mismatch } = subscriptionFlags(s);
  // The overage panel is mounted for one card on demand, not in every card (ADR 0096).
  const [overageOpen, setOverageOpen] = React.useState(false);
  return (
    <article className="rounded-lg border border-slate-200 p-4" aria-label={`Subscription of ${s.account.name}: ${label}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="text-sm">
          <AccountCell tab="subscriptions" account={s.account} heading />
          <p className="mt-1 font-medium text-slate-900" data-testid="admin-subscription-label">
            {label}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <StatusBadges status={s.status} providerStatus={s.stripeData.stripeStatus} />
          {cancelling ? <Badge variant="amber">Cancels at period end</Badge> : null}
        </div>
      </div>
      {mismatch ? (
        <p className="mt-2 rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900" role="note">
          Status mismatch: local status is {s.status}, payment provider says {s.stripeData.stripeStatus}.
        </p>
      ) : null}
      {cancelling ? (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
          This subscription is cancelling at the end of the period ({formatDate(s.currentPeriodEnd)}).
          {s.cancellationReason ? <span className="mt-1 block break-words">Reason given: “{s.cancellationReason}”</span> : null}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Plan" value={`${s.plan.name} (${s.billing === "annual" ? "Annual" : "Monthly"})`} />
        <Field label="Period end" value={formatDate(s.currentPeriodEnd)} />
        <Field label="Created" value={formatDate(s.createdAt)} />
        <Field label="Customer ID" value={<code className="break-all text-xs">{s.stripeCustomerId}</code>} />
        <Field label="AI employee" value={s.aiReadyOrder ? `${s.aiReadyOrder.aiEmployeeName} (${s.aiReadyOrder.aiPhoneNumber})` : "None linked"} />
        {s.stripeData.daysInTrial > 0 ? <Field label="Trial" value={`${s.stripeData.daysInTrial} days remaining (ends ${formatDate(s.stripeData.stripeTrialEnd)})`} /> : null}
        {s.stripeData.upcomingInvoice ? <Field label="Upcoming invoice" value={formatMoney(s.stripeData.upcomingInvoice.amount)} /> : null}
      </dl>
      {/* Overage applies where usage counts: a past-due subscription too, as the server accepts (a trial shows why not). */}
      {isCounting(s.status) ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          {overageOpen ? (
            <OveragePanel subscription={s} label={label} />
          ) : (
            <Button variant="outline" size="sm" aria-expanded={false} onClick={() => setOverageOpen(true)}>
              Bill overage
            </Button>
          )}
        </div>
      ) : null}
    </article>
  );
}

"use client";
import * as React from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CustomerSubscription, PlanChangePreview } from "@/features/billing/api-types";
import { PURCHASABLE_PLANS, formatCents, periodPrice, type Billing } from "@/features/plans/catalogue";
import { api, apiPath, errorMessage, isUnauthorizedError, withQuery } from "@/lib/api-client";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Dialog as D } from "radix-ui";
import { Button } from "@/lib/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/lib/ui/dialog";
import { toast } from "@/lib/ui/toaster";
import { formatDate } from "../format";
import { invalidateBilling } from "../invalidate";
import { BILLING_AUTH_META } from "./use-billing-auth";

const PERIODS: Array<{ value: Billing; label: string }> = [
  { value: "monthly", label: "Monthly" },
  { value: "annual", label: "Annual" },
];

function priceLabel(planId: string, billing: Billing): string {
  const plan = PURCHASABLE_PLANS.find((p) => p.id === planId);
  const price = plan ? periodPrice(plan, billing) : null;
  return price === null ? "" : `${formatCents(price)} / ${billing === "annual" ? "year" : "month"}`;
}

/**
 * 'Change plan' (issue 23): choose a plan and a billing period, see the
 * preview (amount due today with proration, the next invoice, when it takes
 * effect, the included units), then 'Confirm change'. Upgrades take effect
 * at once; downgrades at the period's end (ADR 0114). Enterprise is not
 * self-serve.
 */
export function ChangePlanButton({ sub }: { sub: CustomerSubscription }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <D.Trigger asChild>
        <Button variant="outline">Change plan</Button>
      </D.Trigger>
      {open && <ChangePlanContent sub={sub} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function ChangePlanContent({ sub, onDone }: { sub: CustomerSubscription; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [planId, setPlanId] = React.useState(sub.plan.id);
  const [billing, setBilling] = React.useState<Billing>(sub.billing);
  const id = React.useId();
  const same = planId === sub.plan.id && billing === sub.billing;
  const url = withQuery(apiPath`/api/subscriptions/${sub.id}/change-preview`, { planId, billing });
  const preview = useQuery<PlanChangePreview>({ queryKey: [url], queryFn: () => api.get<PlanChangePreview>(url), enabled: !same, meta: BILLING_AUTH_META, retry: false });
  const confirm = useMutation({
    mutationFn: () => api.post(apiPath`/api/subscriptions/${sub.id}/change-plan`, { planId, billing, prorationDate: preview.data?.prorationDate ?? null }),
    meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/billing" } },
    onSuccess: async () => {
      const name = PURCHASABLE_PLANS.find((p) => p.id === planId)?.name ?? planId;
      toast({
        title: "Plan changed",
        description: preview.data?.when === "period_end" ? `Your plan changes to ${name} on ${formatDate(preview.data.effectiveAt)}.` : `Your plan is now ${name}.`,
      });
      await invalidateBilling(queryClient);
      onDone();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: errorMessage(error, "Failed to change the plan"), variant: "destructive" });
    },
  });
  const p = preview.data;
  return (
    <DialogContent aria-describedby={`${id}-about`}>
      <DialogTitle>Change plan</DialogTitle>
      <DialogDescription id={`${id}-about`}>Upgrades take effect at once; you pay the difference for the rest of this period. Downgrades take effect at the end of the period.</DialogDescription>
      <form
        className="mt-4 flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!same && p) confirm.mutate();
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Plan</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PURCHASABLE_PLANS.map((plan) => (
              <label key={plan.id} className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input
                  type="radio"
                  name={`${id}-plan`}
                  value={plan.id}
                  checked={planId === plan.id}
                  onChange={() => setPlanId(plan.id)}
                  className="mt-1"
                  aria-label={plan.name}
                  aria-describedby={`${id}-${plan.id}-price`}
                />
                <span>
                  <span className="block font-medium text-slate-900">{plan.name}</span>
                  <span id={`${id}-${plan.id}-price`} className="block text-sm text-slate-700">
                    {priceLabel(plan.id, billing)} · {plan.unitsLabel}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm text-slate-700">
            Enterprise is arranged with our team:{" "}
            <Link href="/contact" className="underline">
              contact us
            </Link>
            .
          </p>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Billing period</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {PERIODS.map((period) => (
              <label key={period.value} className="flex cursor-pointer items-center gap-2">
                <input type="radio" name={`${id}-billing`} value={period.value} checked={billing === period.value} onChange={() => setBilling(period.value)} />
                {period.label}
              </label>
            ))}
          </div>
        </fieldset>

        <section aria-labelledby={`${id}-preview`} aria-live="polite" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h3 id={`${id}-preview`} className="font-semibold text-slate-900">
            Preview
          </h3>
          {same ? (
            <p className="mt-1 text-sm text-slate-700">This is your current plan. Choose another plan or billing period.</p>
          ) : preview.isLoading ? (
            <p className="mt-1 text-sm text-slate-700">Calculating...</p>
          ) : preview.isError ? (
            <p className="mt-1 text-sm text-red-800" role="alert">
              {errorMessage(preview.error, "The preview could not be calculated.")}
            </p>
          ) : p ? (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-700">Due today</dt>
              <dd className="font-medium text-slate-900">{formatCents(p.amountDueTodayCents)}</dd>
              <dt className="text-slate-700">Next invoice</dt>
              <dd className="font-medium text-slate-900">
                {formatCents(p.nextInvoiceCents)}
                {p.nextInvoiceAt ? ` on ${formatDate(p.nextInvoiceAt)}` : ""}
              </dd>
              <dt className="text-slate-700">Takes effect</dt>
              <dd className="font-medium text-slate-900">{p.when === "now" ? "Now" : `On ${formatDate(p.effectiveAt)}`}</dd>
              <dt className="text-slate-700">Included units</dt>
              <dd className="font-medium text-slate-900">{p.includedUnits === null ? "Unlimited" : `${p.includedUnits.toLocaleString("en-US")} units / month`}</dd>
            </dl>
          ) : null}
        </section>

        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="outline" onClick={onDone} disabled={confirm.isPending}>
            Close
          </Button>
          <Button type="submit" disabled={same || !p || confirm.isPending}>
            {confirm.isPending ? "Changing..." : "Confirm change"}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

/** 'Changes to Small on <date>' and 'Keep current plan' while a downgrade waits for the period's end. */
export function PendingPlanChange({ sub }: { sub: CustomerSubscription }) {
  const queryClient = useQueryClient();
  const keep = useMutation({
    mutationFn: () => api.delete(apiPath`/api/subscriptions/${sub.id}/change-plan`),
    meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/billing" } },
    onSuccess: async () => {
      toast({ title: "Plan kept", description: `You stay on the ${sub.plan.name} plan.` });
      await invalidateBilling(queryClient);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: errorMessage(error, "Failed to keep the current plan"), variant: "destructive" });
    },
  });
  const pending = sub.pendingChange;
  if (!pending) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-950" data-testid="pending-plan-change">
      <p className="font-semibold">
        Changes to {pending.planName} on {formatDate(pending.effectiveAt)}
      </p>
      <Button variant="outline" size="sm" onClick={() => keep.mutate()} disabled={keep.isPending}>
        {keep.isPending ? "Keeping..." : "Keep current plan"}
      </Button>
    </div>
  );
}

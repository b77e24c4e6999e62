"use client";

import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { Button } from "@/lib/ui/button";
import { toast } from "@/lib/ui/toaster";
import { apiPath, withQuery } from "@/lib/api-client";
import type { AdminSubscription, BillingCycleView, StripePricesResponse } from "@/features/billing/admin-api-types";
import type { SubscriptionPeriodResponse } from "@/features/usage/usage.schema";
import type { OverageEntryView } from "../overage.schema";
import { formatDate, getJson, postJson, showAdminError, subscriptionPeriodQuery } from "@/features/usage/components/admin-client";
import { submitResultMessage, type EntryFormOutput, type SubmitEntryResponse } from "../overage.schema";
import { EntryForm, useEntryForm } from "./entry-form";
import { EntryReviewDialog } from "./entry-review-dialog";
import { LineItemForm, type ExtraUnitsSuggestion } from "./line-item-form";
import { LineItemsTable } from "./line-items-table";
import { historyKey } from "./overage-history";
import { UsagePreview } from "./usage-preview";
import { AutoBillSwitch } from "./auto-bill-switch";

/**
 * The 'Overage Billing' tab (spec 2, admin): quick usage preview, choose a
 * billing period and timing, start an entry, add line items, review, submit.
 * Submitting (or discarding) resets it.
 */
export function OverageBilling({ subscription: s, label }: { subscription: AdminSubscription; label: string }) {
  const id = React.useId();
  const qc = useQueryClient();
  const cycles = s.stripeData.billingCycles;
  const entryForm = useEntryForm(s.id);
  const cycleId = useWatch({ control: entryForm.control, name: "cycleId" });
  const [entry, setEntry] = React.useState<OverageEntryView | null>(null);
  const [reviewOpen, setReviewOpen] = React.useState(false);

  const period = useQuery(subscriptionPeriodQuery(s.id));
  const prices = useQuery<StripePricesResponse>({
    queryKey: ["/api/admin/stripe-prices", s.id],
    queryFn: () => getJson<StripePricesResponse>(withQuery("/api/admin/stripe-prices", { subscriptionId: s.id })),
    staleTime: 30000,
  });

  const cycle = cycles.find((c) => c.id === cycleId) ?? null;
  const previewCycle = cycle ?? cycles.find((c) => c.isCurrent) ?? null;

  const resetAll = () => {
    setEntry(null);
    entryForm.reset();
    setReviewOpen(false);
  };

  const start = useMutation({
    mutationFn: ({ subscriptionId, periodStart, periodEnd, billNow }: EntryFormOutput) => postJson<OverageEntryView>("/api/admin/overage-entries", { subscriptionId, periodStart, periodEnd, billNow }),
    onSuccess: (e) => {
      setEntry(e);
      toast({ title: "Overage entry started", description: `Billing period ${formatDate(e.periodStart)} – ${formatDate(e.periodEnd)}. Add line items next.` });
    },
    onError: (err) => showAdminError(err, "Failed to start overage entry"),
  });

  const submit = useMutation({
    mutationFn: (entryId: string) => postJson<SubmitEntryResponse>(apiPath`/api/admin/overage-entries/${entryId}/submit`, {}),
    onSuccess: (r) => {
      const msg = submitResultMessage(r);
      toast({ title: msg.title, description: msg.description, variant: r.status === "failed" ? "destructive" : "default" });
      resetAll();
      void qc.invalidateQueries({ queryKey: historyKey(s.id) });
    },
    onError: (err) => showAdminError(err, "Failed to submit overage entry"),
  });

  return (
    <div className="space-y-5">
      <UsagePreview label={label} cycle={previewCycle} period={period.data} loading={period.isLoading} headingId={`${id}-preview`} />
      <AutoBillSwitch subscriptionId={s.id} initial={s.autoBillOverage} />

      {!entry ? (
        <EntryForm form={entryForm} idPrefix={id} cycles={cycles} pending={start.isPending} onStart={(data) => start.mutate(data)} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-800">
            Entry for {formatDate(entry.periodStart)} – {formatDate(entry.periodEnd)} · {entry.billNow ? "Bill now" : "Add to next invoice"}
          </p>
          <LineItemForm subscription={s} label={label} entry={entry} prices={prices} idPrefix={id} onAdded={setEntry} suggestion={extraUnitsOf(entry, cycles, period.data)} />

          <LineItemsTable entry={entry} />

          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setReviewOpen(true)} disabled={entry.lineItems.length === 0}>
              Review &amp; Submit
            </Button>
            <Button variant="ghost" onClick={resetAll}>
              Discard Entry
            </Button>
          </div>

          <EntryReviewDialog open={reviewOpen} onOpenChange={setReviewOpen} email={s.user.email} label={label} entry={entry} submitting={submit.isPending} onSubmit={() => submit.mutate(entry.id)} />
        </div>
      )}
    </div>
  );
}

/** The extra units of the entry's billing cycle, from the usage preview's data. */
function extraUnitsOf(entry: OverageEntryView, cycles: BillingCycleView[], period: SubscriptionPeriodResponse | undefined): ExtraUnitsSuggestion | null {
  const cycle = cycles.find((c) => new Date(c.periodStart).getTime() === new Date(entry.periodStart).getTime());
  const units = cycle ? period?.unitsByCycle?.[cycle.id] : undefined;
  if (!cycle || !units || units.extra <= 0) return null;
  return { extra: units.extra, unitPriceCents: units.unitPriceCents, extraCostCents: units.extraCostCents, period: `${formatDate(entry.periodStart)} – ${formatDate(entry.periodEnd)}` };
}

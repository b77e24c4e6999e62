"use client";

import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { SectionCard } from "@/lib/ui/card";
import { SubmitButton } from "@/lib/ui/button";
import { Input, Label, Select, SelectField } from "@/lib/ui/input";
import { toast } from "@/lib/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/ui/cn";
import { usePagedList, useSearchText } from "@/lib/paged-list";
import { ListShell } from "@/lib/ui/list-shell";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { StatusBadges } from "@/features/billing/components/status-badges";
import { USAGE_CATEGORIES, usageFormProblem, usageFormSchema, type AddUsageResponse, type UsageFormInput, type UsageFormOutput } from "../usage.schema";
import { subscriptionLabels } from "./subscription-label";
import { ADMIN_SUBSCRIPTIONS_KEY, displayName, formatDate, isRecordable, postJson, RECORDABLE_STATUS_FILTER, showAdminError, subscriptionPeriodQuery } from "./admin-client";

const EMPTY_COUNTS = { phoneInboundUsage: "0", phoneOutboundUsage: "0", textInboundUsage: "0", textOutboundUsage: "0" } as const;
const EMPTY: UsageFormInput = { subscriptionId: "", billingCycleId: "", ...EMPTY_COUNTS };

/** /admin/usage: live subscriptions on the left, the 'Add Usage' form on the right. */
export function UsageManagement() {
  const qc = useQueryClient();
  // Searched on the server (ADR 0096): one page of the subscriptions usage may be recorded for (past due too) matching the text.
  const search = useSearchText();
  const q = search.q;
  const subs = usePagedList<AdminSubscription>(ADMIN_SUBSCRIPTIONS_KEY[0], { status: RECORDABLE_STATUS_FILTER, q: q || undefined, limit: "20" });
  const [chosen, setChosen] = React.useState<AdminSubscription | null>(null);
  const found = subs.items.filter(isRecordable);
  const live = chosen && !found.some((s) => s.id === chosen.id) ? [chosen, ...found] : found;
  const form = useForm<UsageFormInput, unknown, UsageFormOutput>({ resolver: zodResolver(usageFormSchema), defaultValues: EMPTY });
  const [subscriptionId, billingCycleId] = useWatch({ control: form.control, name: ["subscriptionId", "billingCycleId"] });
  const selected = live.find((s) => s.id === subscriptionId) ?? null;
  const period = useQuery({ ...subscriptionPeriodQuery(subscriptionId), enabled: Boolean(subscriptionId) });

  const chooseSubscription = (id: string) => {
    setChosen(live.find((s) => s.id === id) ?? null);
    form.setValue("subscriptionId", id);
    form.setValue("billingCycleId", ""); // selecting a subscription clears the chosen cycle (spec 4)
  };
  const subscriptionField = form.register("subscriptionId", {
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      setChosen(live.find((s) => s.id === e.target.value) ?? null);
      form.setValue("billingCycleId", "");
    },
  });

  const add = useMutation({
    mutationFn: (body: UsageFormOutput & { accountId: string }) => postJson<AddUsageResponse>("/api/admin/add-usage", body),
    onSuccess: (r) => {
      toast({ title: "Usage Added", description: r.message });
      for (const [field, value] of Object.entries(EMPTY_COUNTS)) form.setValue(field as keyof typeof EMPTY_COUNTS, value);
      void qc.invalidateQueries({ queryKey: ["/api/admin/subscription-period", r.usageRecord.subscriptionId] });
    },
    onError: (err) => showAdminError(err, "Failed to add usage"),
  });

  const problem = (description: string) => toast({ title: "Error", description, variant: "destructive" });
  const onValid = (data: UsageFormOutput) => {
    // The subscription must still be in the live list (it gives the accountId).
    if (!selected) return problem("Please select a subscription first");
    add.mutate({ ...data, accountId: selected.accountId });
  };
  const onInvalid = (errors: FieldErrors<UsageFormInput>) => problem(!selected ? "Please select a subscription first" : usageFormProblem(errors));

  // Each subscription named by its AI employee, plan and start date (issue 23).
  const labels = subscriptionLabels(live);
  const cycles = period.data?.billingCycles ?? [];
  const usage = billingCycleId ? period.data?.usageByCycle[billingCycleId] : undefined;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <SectionCard title="Active Subscriptions" description="Active and trial subscriptions usage can be recorded for.">
        <ListShell
          query={subs}
          count={live.length}
          searchLabel="Search subscriptions"
          search={{
            id: "usage-subscription-search",
            label: "Search subscriptions",
            testId: "usage-subscription-search",
            placeholder: "Name, e-mail, phone or AI employee",
            value: search.text,
            onChange: search.setText,
          }}
          loading="Loading subscriptions"
          error={errorMessage(subs.error, "Failed to load subscriptions")}
          empty="No active subscriptions."
        >
          <ul className="space-y-2" aria-label="Active subscriptions">
            {live.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  data-testid="usage-subscription-option"
                  onClick={() => chooseSubscription(s.id)}
                  aria-pressed={s.id === subscriptionId}
                  className={cn(
                    "w-full rounded-lg border p-3 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
                    s.id === subscriptionId ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
                  )}
                >
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold text-slate-900">{displayName(s)}</span>
                    <StatusBadges status={s.status} providerStatus={s.stripeData.stripeStatus} />
                  </span>
                  <span className="block font-medium text-slate-900" data-testid="usage-subscription-label">
                    {labels.get(s.id)}
                  </span>
                  <span className="block text-slate-700">{s.user.email}</span>
                  <span className="block text-slate-700">
                    {s.plan.name} · {s.billing === "annual" ? "Annual" : "Monthly"} · period ends {formatDate(s.currentPeriodEnd)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </ListShell>
      </SectionCard>

      <SectionCard title="Add Usage" description="Record calls and texts for a billing cycle. They are reported to the payment provider in the background.">
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4" noValidate>
          <SelectField
            className="space-y-1.5"
            id="usage-subscription"
            label="Subscription"
            none="Select a subscription"
            options={live.map((s) => ({ value: s.id, label: `${labels.get(s.id) ?? ""} (${s.status}) · ${displayName(s)}` }))}
            {...subscriptionField}
          />
          <div className="space-y-1.5">
            <Label htmlFor="usage-cycle">Billing cycle</Label>
            <Select id="usage-cycle" {...form.register("billingCycleId")} disabled={!subscriptionId}>
              <option value="">{subscriptionId && period.isLoading ? "Loading billing cycles..." : "Select a billing cycle"}</option>
              {cycles.map((c) => (
                // The payment provider takes usage only from the past 35 days: older cycles are greyed out (0019).
                <option key={c.id} value={c.id} disabled={!c.acceptsUsage}>
                  {c.acceptsUsage ? c.label : `${c.label} (older than 35 days)`}
                </option>
              ))}
            </Select>
            {usage ? (
              <p className="text-sm text-slate-700">
                Recorded so far: phone {usage.phoneInbound} in / {usage.phoneOutbound} out · text {usage.textInbound} in / {usage.textOutbound} out
              </p>
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {USAGE_CATEGORIES.map((c) => (
              <div key={c.field} className="space-y-1.5">
                <Label htmlFor={`usage-${c.field}`}>{c.label} usage</Label>
                <Input id={`usage-${c.field}`} type="number" min={0} step={1} inputMode="numeric" {...form.register(c.field)} />
              </div>
            ))}
          </div>
          <SubmitButton busy={add.isPending} busyLabel="Adding Usage...">
            Add Usage
          </SubmitButton>
        </form>
      </SectionCard>
    </div>
  );
}

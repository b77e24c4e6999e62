"use client";

import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Button } from "@/lib/ui/button";
import { Input, Label, Select } from "@/lib/ui/input";
import { Spinner } from "@/lib/ui/spinner";
import { toast } from "@/lib/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/ui/cn";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { StatusBadges } from "@/features/billing/components/status-badges";
import { USAGE_CATEGORIES, type AddUsageResponse } from "../usage.schema";
import { ADMIN_SUBSCRIPTIONS_KEY, displayName, formatDate, isLive, postJson, showAdminError, subscriptionPeriodQuery } from "./admin-client";

type Counts = Record<(typeof USAGE_CATEGORIES)[number]["field"], string>;
const EMPTY: Counts = { phoneInboundUsage: "0", phoneOutboundUsage: "0", textInboundUsage: "0", textOutboundUsage: "0" };

/** /admin/usage: live subscriptions on the left, the 'Add Usage' form on the right. */
export function UsageManagement() {
  const qc = useQueryClient();
  const subs = useQuery<AdminSubscription[]>({ queryKey: [...ADMIN_SUBSCRIPTIONS_KEY] });
  const live = (subs.data ?? []).filter(isLive);
  const [subscriptionId, setSubscriptionId] = React.useState("");
  const [billingCycleId, setBillingCycleId] = React.useState("");
  const [counts, setCounts] = React.useState<Counts>(EMPTY);
  const selected = live.find((s) => s.id === subscriptionId) ?? null;
  const period = useQuery({ ...subscriptionPeriodQuery(subscriptionId), enabled: Boolean(subscriptionId) });

  const chooseSubscription = (id: string) => {
    setSubscriptionId(id);
    setBillingCycleId(""); // selecting a subscription clears the chosen cycle (spec 4)
  };

  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) => postJson<AddUsageResponse>("/api/admin/add-usage", body),
    onSuccess: (r) => {
      toast({ title: "Usage Added", description: r.message });
      setCounts(EMPTY);
      void qc.invalidateQueries({ queryKey: ["/api/admin/subscription-period", r.usageRecord.subscriptionId] });
    },
    onError: (err) => showAdminError(err, "Failed to add usage"),
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!selected) {
      toast({ title: "Error", description: "Please select a subscription first", variant: "destructive" });
      return;
    }
    if (!billingCycleId) {
      toast({ title: "Error", description: "Please select a billing cycle first", variant: "destructive" });
      return;
    }
    const body: Record<string, unknown> = { userId: selected.userId, subscriptionId: selected.id, billingCycleId };
    for (const c of USAGE_CATEGORIES) {
      const n = Number(counts[c.field] === "" ? "0" : counts[c.field]);
      if (!Number.isInteger(n) || n < 0) {
        toast({ title: "Error", description: `${c.label} usage must be a whole number, 0 or more`, variant: "destructive" });
        return;
      }
      body[c.field] = n;
    }
    add.mutate(body);
  };

  const cycles = period.data?.billingCycles ?? [];
  const usage = billingCycleId ? period.data?.usageByCycle[billingCycleId] : undefined;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Active Subscriptions</CardTitle>
          <CardDescription>Active and trial subscriptions usage can be recorded for.</CardDescription>
        </CardHeader>
        <CardContent>
          {subs.isLoading ? (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="[&_svg]:size-4" /> Loading subscriptions...
            </p>
          ) : subs.error ? (
            <p role="alert" className="text-sm text-red-800">
              {errorMessage(subs.error, "Failed to load subscriptions")}
            </p>
          ) : live.length === 0 ? (
            <p className="text-sm text-slate-700">No active subscriptions.</p>
          ) : (
            <ul className="space-y-2" aria-label="Active subscriptions">
              {live.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
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
                    <span className="block text-slate-700">{s.user.email}</span>
                    <span className="block text-slate-700">
                      {s.plan.name} · {s.billing === "annual" ? "Annual" : "Monthly"} · period ends {formatDate(s.currentPeriodEnd)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Add Usage</CardTitle>
          <CardDescription>Record calls and texts for a billing cycle. They are reported to the payment provider in the background.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            <div className="space-y-1.5">
              <Label htmlFor="usage-subscription">Subscription</Label>
              <Select id="usage-subscription" value={subscriptionId} onChange={(e) => chooseSubscription(e.target.value)}>
                <option value="">Select a subscription</option>
                {live.map((s) => (
                  <option key={s.id} value={s.id}>
                    {displayName(s)} — {s.plan.name} ({s.status})
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="usage-cycle">Billing cycle</Label>
              <Select id="usage-cycle" value={billingCycleId} onChange={(e) => setBillingCycleId(e.target.value)} disabled={!subscriptionId}>
                <option value="">{subscriptionId && period.isLoading ? "Loading billing cycles..." : "Select a billing cycle"}</option>
                {cycles.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
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
                  <Input
                    id={`usage-${c.field}`}
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    value={counts[c.field]}
                    onChange={(e) => setCounts((prev) => ({ ...prev, [c.field]: e.target.value }))}
                  />
                </div>
              ))}
            </div>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? "Adding Usage..." : "Add Usage"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

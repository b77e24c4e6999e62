"use client";

import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/lib/ui/tabs";
import { Button } from "@/lib/ui/button";
import { Input, Label, Select } from "@/lib/ui/input";
import { Badge } from "@/lib/ui/badge";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/lib/ui/dialog";
import { toast } from "@/lib/ui/toaster";
import { apiPath, errorMessage, withQuery } from "@/lib/api-client";
import { formatCents } from "@/features/plans/catalogue";
import type { AdminSubscription, OverageEntryView, StripePricesResponse } from "@/features/billing/admin-api-types";
import { formatDate, getJson, postJson, showAdminError, subscriptionPeriodQuery } from "@/features/usage/components/admin-client";
import { submitResultMessage, type SubmitEntryResponse } from "../overage.schema";

const TRIAL_TEXT = "This subscription is in trial mode. No billing cycles are available yet.";

type UsageKey = keyof StripePricesResponse["usagePriceMap"];
const QUICK_PICKS: Array<{ key: UsageKey; label: string }> = [
  { key: "phone_inbound", label: "Phone inbound" },
  { key: "phone_outbound", label: "Phone outbound" },
  { key: "text_inbound", label: "Text inbound" },
  { key: "text_outbound", label: "Text outbound" },
];

export function historyKey(subscriptionId: string) {
  return ["/api/admin/overage-entries/subscription", subscriptionId] as const;
}

/** The overage panel of an active or trialing subscription: 'Overage Billing' and 'History'. */
export function OveragePanel({ subscription }: { subscription: AdminSubscription }) {
  return (
    <Tabs defaultValue="billing">
      <TabsList aria-label={`Overage for ${subscription.user.email}`}>
        <TabsTrigger value="billing">Overage Billing</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
      </TabsList>
      <TabsContent value="billing">
        {subscription.status === "trialing" ? <p className="text-sm text-slate-700">{TRIAL_TEXT}</p> : <OverageBilling subscription={subscription} />}
      </TabsContent>
      <TabsContent value="history">
        <OverageHistory subscriptionId={subscription.id} />
      </TabsContent>
    </Tabs>
  );
}

function OverageBilling({ subscription: s }: { subscription: AdminSubscription }) {
  const id = React.useId();
  const qc = useQueryClient();
  const cycles = s.stripeData.billingCycles;
  const [cycleId, setCycleId] = React.useState("");
  const [billNow, setBillNow] = React.useState(true);
  const [entry, setEntry] = React.useState<OverageEntryView | null>(null);
  const [priceId, setPriceId] = React.useState("");
  const [quantity, setQuantity] = React.useState("1");
  const [unitPrice, setUnitPrice] = React.useState("");
  const [description, setDescription] = React.useState("");
  const [reviewOpen, setReviewOpen] = React.useState(false);

  const period = useQuery(subscriptionPeriodQuery(s.id));
  const prices = useQuery<StripePricesResponse>({
    queryKey: ["/api/admin/stripe-prices", s.id],
    queryFn: () => getJson<StripePricesResponse>(withQuery("/api/admin/stripe-prices", { subscriptionId: s.id })),
    staleTime: 30000,
  });

  const cycle = cycles.find((c) => c.id === cycleId) ?? null;
  const previewCycle = cycle ?? cycles.find((c) => c.isCurrent) ?? null;
  const usage = previewCycle ? period.data?.usageByCycle[previewCycle.id] : undefined;

  const resetItemForm = () => {
    setPriceId("");
    setQuantity("1");
    setUnitPrice("");
    setDescription("");
  };
  const resetAll = () => {
    setEntry(null);
    setCycleId("");
    setBillNow(true);
    resetItemForm();
    setReviewOpen(false);
  };

  const start = useMutation({
    mutationFn: () => postJson<OverageEntryView>("/api/admin/overage-entries", { subscriptionId: s.id, periodStart: cycle!.periodStart, periodEnd: cycle!.periodEnd, billNow }),
    onSuccess: (e) => {
      setEntry(e);
      toast({ title: "Overage entry started", description: `Billing period ${formatDate(e.periodStart)} – ${formatDate(e.periodEnd)}. Add line items next.` });
    },
    onError: (err) => showAdminError(err, "Failed to start overage entry"),
  });

  const addItem = useMutation({
    mutationFn: (body: { stripePriceId: string; quantity: number; unitPrice: number; description: string | null }) =>
      postJson<OverageEntryView>(apiPath`/api/admin/overage-entries/${entry!.id}/line-items`, body),
    onSuccess: (e) => {
      setEntry(e);
      resetItemForm();
    },
    onError: (err) => showAdminError(err, "Failed to add line item"),
  });

  const submit = useMutation({
    mutationFn: () => postJson<SubmitEntryResponse>(apiPath`/api/admin/overage-entries/${entry!.id}/submit`, {}),
    onSuccess: (r) => {
      const msg = submitResultMessage(r);
      toast({ title: msg.title, description: msg.description, variant: r.status === "failed" ? "destructive" : "default" });
      resetAll();
      void qc.invalidateQueries({ queryKey: historyKey(s.id) });
    },
    onError: (err) => showAdminError(err, "Failed to submit overage entry"),
  });

  const onStart = () => {
    if (!cycle) {
      toast({ title: "No period selected", description: "Please select a billing period first.", variant: "destructive" });
      return;
    }
    start.mutate();
  };

  const choosePrice = (id: string) => {
    setPriceId(id);
    const p = prices.data?.prices.find((x) => x.id === id) ?? Object.values(prices.data?.usagePriceMap ?? {}).find((x) => x?.id === id);
    if (p) setUnitPrice(String(p.unitAmount));
  };

  const quickPick = (key: UsageKey) => {
    const p = prices.data?.usagePriceMap[key];
    if (!p) {
      toast({ title: "Price not found", description: `No usage price is set up for ${key.replace("_", " ")}.`, variant: "destructive" });
      return;
    }
    setPriceId(p.id);
    setUnitPrice(String(p.unitAmount));
  };

  const onAdd = (e: React.FormEvent) => {
    e.preventDefault();
    if (!entry) {
      toast({ title: "No current entry", description: "Start an overage entry before adding line items.", variant: "destructive" });
      return;
    }
    if (!priceId || quantity.trim() === "" || unitPrice.trim() === "") {
      toast({ title: "Missing Information", description: "Please fill in all required fields.", variant: "destructive" });
      return;
    }
    const q = Number(quantity);
    const u = Number(unitPrice);
    if (!Number.isInteger(q) || q < 1) {
      toast({ title: "Invalid quantity", description: "Quantity must be a whole number of at least 1.", variant: "destructive" });
      return;
    }
    if (!Number.isInteger(u) || u < 0) {
      toast({ title: "Invalid unit price", description: "Unit price must be a whole number of cents, 0 or more.", variant: "destructive" });
      return;
    }
    addItem.mutate({ stripePriceId: priceId, quantity: q, unitPrice: u, description: description.trim() || null });
  };

  const q = Number(quantity);
  const u = Number(unitPrice);
  const lineTotal = Number.isInteger(q) && Number.isInteger(u) && q >= 1 && u >= 0 && unitPrice !== "" ? q * u : null;
  const allPrices = prices.data?.prices ?? [];

  return (
    <div className="space-y-5">
      {/* Named after the customer: two subscriptions with the same period must not give two landmarks of one name. */}
      <section aria-label={`Usage preview for ${s.user.email}, ${s.plan.name} plan, subscription ${s.id.slice(0, 8)}`} className="rounded-md bg-slate-50 p-3">
        <h4 id={`${id}-preview`} className="text-sm font-semibold">
          Usage preview {previewCycle ? `(${previewCycle.label})` : ""}
        </h4>
        {period.isLoading ? (
          <p className="text-sm text-slate-700">Loading usage...</p>
        ) : usage ? (
          <p className="mt-1 text-sm text-slate-800">
            Phone: {usage.phoneInbound + usage.phoneOutbound} used{period.data?.limits.phone ? ` of ${period.data.limits.phone}` : ""} ({usage.phoneInbound} in,{" "}
            {usage.phoneOutbound} out) · Text: {usage.textInbound + usage.textOutbound} used{period.data?.limits.text ? ` of ${period.data.limits.text}` : ""} (
            {usage.textInbound} in, {usage.textOutbound} out)
          </p>
        ) : (
          <p className="text-sm text-slate-700">No usage recorded for this period.</p>
        )}
      </section>

      {!entry ? (
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-cycle`}>Billing period</Label>
            <Select id={`${id}-cycle`} value={cycleId} onChange={(e) => setCycleId(e.target.value)}>
              <option value="">Select a billing period</option>
              {cycles.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-slate-800">Billing timing</legend>
            <div className="flex flex-wrap gap-4 pt-2 text-sm">
              <label className="inline-flex items-center gap-2">
                <input type="radio" name={`${id}-timing`} checked={billNow} onChange={() => setBillNow(true)} className="size-4 accent-brand-700" />
                Bill now (invoice immediately)
              </label>
              <label className="inline-flex items-center gap-2">
                <input type="radio" name={`${id}-timing`} checked={!billNow} onChange={() => setBillNow(false)} className="size-4 accent-brand-700" />
                Add to next invoice
              </label>
            </div>
          </fieldset>
          <div className="md:col-span-2">
            <Button onClick={onStart} disabled={start.isPending}>
              {start.isPending ? "Starting..." : "Start Overage Entry"}
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-800">
            Entry for {formatDate(entry.periodStart)} – {formatDate(entry.periodEnd)} · {entry.billNow ? "Bill now" : "Add to next invoice"}
          </p>
          <form onSubmit={onAdd} className="space-y-3 rounded-md border border-slate-200 p-3" aria-label={`Add line item for ${s.user.email}, subscription ${s.id.slice(0, 8)}`} noValidate>
            <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Usage prices for this plan">
              <span className="text-sm text-slate-700">Quick pick:</span>
              {QUICK_PICKS.map((p) => (
                <Button key={p.key} type="button" size="sm" variant="outline" onClick={() => quickPick(p.key)} disabled={prices.isLoading}>
                  {p.label}
                </Button>
              ))}
            </div>
            <div className="grid gap-3 md:grid-cols-4">
              <div className="space-y-1.5 md:col-span-2">
                <Label htmlFor={`${id}-price`}>Price</Label>
                <Select id={`${id}-price`} value={priceId} onChange={(e) => choosePrice(e.target.value)} required>
                  <option value="">{prices.isLoading ? "Loading prices..." : "Select a price"}</option>
                  {allPrices.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.productName} — {formatCents(p.unitAmount)}
                      {p.unitLabel ? ` per ${p.unitLabel}` : ""}
                    </option>
                  ))}
                </Select>
                {prices.error ? <p className="text-sm text-red-800">{errorMessage(prices.error, "Failed to load prices")}</p> : null}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-qty`}>Quantity</Label>
                <Input id={`${id}-qty`} type="number" min={1} step={1} inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} required />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-unit`}>Unit price (cents)</Label>
                <Input id={`${id}-unit`} type="number" min={0} step={1} inputMode="numeric" value={unitPrice} onChange={(e) => setUnitPrice(e.target.value)} required />
              </div>
              <div className="space-y-1.5 md:col-span-3">
                <Label htmlFor={`${id}-desc`}>Description (optional)</Label>
                <Input id={`${id}-desc`} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
              </div>
              <div className="flex items-end">
                <p className="text-sm text-slate-800" aria-live="polite">
                  Total: <strong>{lineTotal === null ? "—" : formatCents(lineTotal)}</strong>
                </p>
              </div>
            </div>
            <Button type="submit" variant="secondary" disabled={addItem.isPending}>
              {addItem.isPending ? "Adding..." : "Add Line Item"}
            </Button>
          </form>

          <LineItemsTable entry={entry} />

          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setReviewOpen(true)} disabled={entry.lineItems.length === 0}>
              Review &amp; Submit
            </Button>
            <Button variant="ghost" onClick={resetAll}>
              Discard Entry
            </Button>
          </div>

          <Dialog open={reviewOpen} onOpenChange={setReviewOpen}>
            <DialogContent className="max-w-2xl">
              <DialogTitle>Review overage charges</DialogTitle>
              <DialogDescription>
                {s.user.email} · {formatDate(entry.periodStart)} – {formatDate(entry.periodEnd)} ·{" "}
                {entry.billNow ? "An invoice is created and finalized now." : "The charges are added to the next invoice."}
              </DialogDescription>
              <div className="mt-4">
                <LineItemsTable entry={entry} />
              </div>
              <div className="mt-6 flex justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="outline">Back</Button>
                </DialogClose>
                <Button onClick={() => submit.mutate()} disabled={submit.isPending}>
                  {submit.isPending ? "Submitting..." : entry.billNow ? "Submit and Bill Now" : "Submit to Next Invoice"}
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        </div>
      )}
    </div>
  );
}

function LineItemsTable({ entry }: { entry: OverageEntryView }) {
  if (entry.lineItems.length === 0) return <p className="text-sm text-slate-700">No line items yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Line items</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">Item</th>
            <th scope="col" className="py-2 pr-3 text-right">Quantity</th>
            <th scope="col" className="py-2 pr-3 text-right">Unit price</th>
            <th scope="col" className="py-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {entry.lineItems.map((i) => (
            <tr key={i.id} className="border-b border-slate-100">
              <td className="py-2 pr-3">
                {i.productName}
                {i.description ? <span className="block text-xs text-slate-600">{i.description}</span> : null}
              </td>
              <td className="py-2 pr-3 text-right">{i.quantity}</td>
              <td className="py-2 pr-3 text-right">{formatCents(i.unitPrice)}</td>
              <td className="py-2 text-right">{formatCents(i.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-2 pr-3 text-right">
              Total
            </th>
            <td className="py-2 text-right font-semibold">{formatCents(entry.totalAmount)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

const STATUS_BADGE: Record<string, "green" | "amber" | "red" | "grey"> = { billed: "green", pending: "amber", failed: "red" };

function OverageHistory({ subscriptionId }: { subscriptionId: string }) {
  const { data, isLoading, error } = useQuery<OverageEntryView[]>({ queryKey: [...historyKey(subscriptionId)] });
  if (isLoading) return <p className="text-sm text-slate-700">Loading history...</p>;
  if (error) return <p className="text-sm text-red-800">{errorMessage(error, "Failed to load overage history")}</p>;
  if (!data || data.length === 0) return <p className="text-sm text-slate-700">No overage charges yet.</p>;
  return (
    <ul className="space-y-2" aria-label="Overage history">
      {data.map((e) => (
        <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm">
          <div>
            <p className="font-medium">
              {formatDate(e.periodStart)} – {formatDate(e.periodEnd)} · {formatCents(e.totalAmount)}
            </p>
            <p className="text-xs text-slate-600">
              {e.lineItems.length} line item{e.lineItems.length === 1 ? "" : "s"} · {e.billNow ? "Bill now" : "Next invoice"} · created {formatDate(e.createdAt)}
            </p>
          </div>
          <div className="flex items-center gap-3">
            {e.stripeInvoiceUrl ? (
              <a href={e.stripeInvoiceUrl} target="_blank" rel="noreferrer" className="text-brand-700 underline-offset-4 hover:underline">
                View invoice<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
            <Badge variant={STATUS_BADGE[e.status] ?? "grey"} data-status={e.status}>
              {e.status}
            </Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}

"use client";

import { useMutation, type UseQueryResult } from "@tanstack/react-query";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, SubmitButton } from "@/lib/ui/button";
import { Input, Label, Select } from "@/lib/ui/input";
import { toast } from "@/lib/ui/toaster";
import { apiPath, errorMessage } from "@/lib/api-client";
import { formatCents } from "@/features/plans/catalogue";
import type { AdminSubscription, StripePricesResponse } from "@/features/billing/admin-api-types";
import type { OverageEntryView } from "../overage.schema";
import { postJson, showAdminError } from "@/features/usage/components/admin-client";
import { centsToDollarInput, dollarsToCents, lineItemFormProblem, lineItemFormSchema, type LineItemFormInput, type LineItemFormOutput } from "../overage.schema";

type UsageKey = keyof StripePricesResponse["usagePriceMap"];
const QUICK_PICKS: Array<{ key: UsageKey; label: string }> = [
  { key: "phone_inbound", label: "Phone inbound" },
  { key: "phone_outbound", label: "Phone outbound" },
  { key: "text_inbound", label: "Text inbound" },
  { key: "text_outbound", label: "Text outbound" },
];

const EMPTY_ITEM: LineItemFormInput = { stripePriceId: "", quantity: "1", unitPrice: "", description: "" };

/** The total shown beside the form, in cents: quantity × unit price (typed in dollars) once both are valid, else null ('—'). */
function lineTotal(quantity: string, unitPrice: string): number | null {
  const q = Number(quantity);
  const u = dollarsToCents(unitPrice);
  return Number.isInteger(q) && q >= 1 && u !== null ? q * u : null;
}

/** The units over the allowance in the entry's period, offered as one line item (issue 13). */
export type ExtraUnitsSuggestion = { extra: number; unitPriceCents: number; extraCostCents: number; period: string };

/** Add a line item to the open entry: a price (or a quick pick of the plan's usage prices), quantity, unit price override, description. */
export function LineItemForm({
  subscription: s,
  label,
  entry,
  prices,
  idPrefix,
  onAdded,
  suggestion,
}: {
  subscription: AdminSubscription;
  /** The subscription's name in admin views: AI employee, plan, start date. */
  label: string;
  entry: OverageEntryView | null;
  prices: UseQueryResult<StripePricesResponse>;
  idPrefix: string;
  onAdded: (entry: OverageEntryView) => void;
  suggestion?: ExtraUnitsSuggestion | null;
}) {
  const form = useForm<LineItemFormInput, unknown, LineItemFormOutput>({ resolver: zodResolver(lineItemFormSchema), defaultValues: EMPTY_ITEM });
  const [quantity, unitPrice] = useWatch({ control: form.control, name: ["quantity", "unitPrice"] });

  const addItem = useMutation({
    mutationFn: ({ entryId, ...body }: LineItemFormOutput & { entryId: string }) => postJson<OverageEntryView>(apiPath`/api/admin/overage-entries/${entryId}/line-items`, body),
    onSuccess: (e) => {
      onAdded(e);
      form.reset(EMPTY_ITEM);
    },
    onError: (err) => showAdminError(err, "Failed to add line item"),
  });

  const setPrice = (price: { id: string; unitAmount: number }) => {
    form.setValue("stripePriceId", price.id);
    form.setValue("unitPrice", centsToDollarInput(price.unitAmount));
  };
  // Choosing a price fills in its unit amount (still editable as an override).
  const priceField = form.register("stripePriceId", {
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      const id = e.target.value;
      const p = prices.data?.prices.find((x) => x.id === id) ?? Object.values(prices.data?.usagePriceMap ?? {}).find((x) => x?.id === id);
      if (p) form.setValue("unitPrice", centsToDollarInput(p.unitAmount));
    },
  });

  // The extra units as one item: the plan's phone unit price, quantity 1, their exact cost (units are thousandths; a quantity must be whole).
  const fillExtraUnits = (x: ExtraUnitsSuggestion) => {
    const p = prices.data?.usagePriceMap.phone_inbound;
    if (p) form.setValue("stripePriceId", p.id);
    form.setValue("quantity", "1");
    form.setValue("unitPrice", centsToDollarInput(x.extraCostCents));
    form.setValue("description", `${x.extra.toLocaleString("en-US")} extra units (${x.period}) at ${formatCents(x.unitPriceCents)} a unit`);
  };

  const quickPick = (key: UsageKey) => {
    const p = prices.data?.usagePriceMap[key];
    if (!p) {
      toast({ title: "Price not found", description: `No usage price is set up for ${key.replace("_", " ")}.`, variant: "destructive" });
      return;
    }
    setPrice(p);
  };

  const onInvalid = (errors: FieldErrors<LineItemFormInput>) => toast({ ...lineItemFormProblem(errors), variant: "destructive" });
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    if (entry) return form.handleSubmit((item) => addItem.mutate({ ...item, description: item.description ?? null, entryId: entry.id }), onInvalid)(e);
    e.preventDefault();
    toast({ title: "No current entry", description: "Start an overage entry before adding line items.", variant: "destructive" });
  };

  const total = lineTotal(quantity, unitPrice);
  const allPrices = prices.data?.prices ?? [];

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md border border-slate-200 p-3" aria-label={`Add line item for ${label}`} noValidate>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Usage prices for this plan">
        <span className="text-sm text-slate-700">Quick pick:</span>
        {QUICK_PICKS.map((p) => (
          <Button key={p.key} type="button" size="sm" variant="outline" onClick={() => quickPick(p.key)} disabled={prices.isLoading}>
            {p.label}
          </Button>
        ))}
      </div>
      {suggestion && suggestion.extra > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-950">
          <span>
            {suggestion.extra.toLocaleString("en-US")} units over the allowance: {formatCents(suggestion.extraCostCents)}
          </span>
          <Button type="button" size="sm" variant="outline" onClick={() => fillExtraUnits(suggestion)} disabled={prices.isLoading}>
            Fill in extra units
          </Button>
        </div>
      ) : null}
      <div className="grid gap-3 md:grid-cols-4">
        <div className="space-y-1.5 md:col-span-2">
          <Label htmlFor={`${idPrefix}-price`}>Price</Label>
          <Select id={`${idPrefix}-price`} {...priceField} required>
            <option value="">{prices.isLoading ? "Loading prices..." : `Select a ${s.plan.name} (${s.billing}) price`}</option>
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
          <Label htmlFor={`${idPrefix}-qty`}>Quantity</Label>
          <Input id={`${idPrefix}-qty`} type="number" min={1} step={1} inputMode="numeric" {...form.register("quantity")} required />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${idPrefix}-unit`}>Unit price ($)</Label>
          <Input id={`${idPrefix}-unit`} type="text" inputMode="decimal" placeholder="12.50" {...form.register("unitPrice")} required />
        </div>
        <div className="space-y-1.5 md:col-span-3">
          <Label htmlFor={`${idPrefix}-desc`}>Description (optional)</Label>
          <Input id={`${idPrefix}-desc`} {...form.register("description")} maxLength={500} />
        </div>
        <div className="flex items-end">
          <p className="text-sm text-slate-800" aria-live="polite">
            Total: <strong>{total === null ? "—" : formatCents(total)}</strong>
          </p>
        </div>
      </div>
      <SubmitButton variant="secondary" busy={addItem.isPending} busyLabel="Adding...">
        Add Line Item
      </SubmitButton>
    </form>
  );
}

"use client";

import { Controller, useForm, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { SubmitButton } from "@/lib/ui/button";
import { SelectField } from "@/lib/ui/input";
import { toast } from "@/lib/ui/toaster";
import type { BillingCycleView } from "@/features/billing/admin-api-types";
import { entryFormProblem, entryFormSchema, type EntryFormInput, type EntryFormOutput } from "../overage.schema";

export type EntryForm = UseFormReturn<EntryFormInput, unknown, EntryFormOutput>;

/** The Start Overage Entry form's state (kept by the panel: the usage preview follows the chosen cycle). */
export function useEntryForm(subscriptionId: string): EntryForm {
  return useForm<EntryFormInput, unknown, EntryFormOutput>({
    resolver: zodResolver(entryFormSchema),
    defaultValues: { subscriptionId, cycleId: "", periodStart: "", periodEnd: "", billNow: true },
  });
}

/** Choose a billing period and the billing timing, then start an overage entry. */
export function EntryForm({ form, idPrefix, cycles, pending, onStart }: { form: EntryForm; idPrefix: string; cycles: BillingCycleView[]; pending: boolean; onStart: (data: EntryFormOutput) => void }) {
  const onInvalid = (errors: FieldErrors<EntryFormInput>) => {
    toast({ ...entryFormProblem(errors), variant: "destructive" });
  };
  // The chosen cycle gives the period the server checks (createEntrySchema).
  const cycleField = form.register("cycleId", {
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      const cycle = cycles.find((c) => c.id === e.target.value);
      form.setValue("periodStart", cycle?.periodStart ?? "");
      form.setValue("periodEnd", cycle?.periodEnd ?? "");
    },
  });

  return (
    <form onSubmit={form.handleSubmit(onStart, onInvalid)} className="grid gap-4 md:grid-cols-2" noValidate>
      <SelectField
        className="space-y-1.5"
        id={`${idPrefix}-cycle`}
        label="Billing period"
        none="Select a billing period"
        options={cycles.map((c) => ({ value: c.id, label: c.label }))}
        {...cycleField}
      />
      <Controller
        control={form.control}
        name="billNow"
        render={({ field }) => (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-slate-800">Billing timing</legend>
            <div className="flex flex-wrap gap-4 pt-2 text-sm">
              <label className="inline-flex items-center gap-2">
                <input type="radio" name={`${idPrefix}-timing`} checked={field.value} onChange={() => field.onChange(true)} className="size-4 accent-brand-700" />
                Bill now (invoice immediately)
              </label>
              <label className="inline-flex items-center gap-2">
                <input type="radio" name={`${idPrefix}-timing`} checked={!field.value} onChange={() => field.onChange(false)} className="size-4 accent-brand-700" />
                Add to next invoice
              </label>
            </div>
          </fieldset>
        )}
      />
      <div className="md:col-span-2">
        <SubmitButton busy={pending} busyLabel="Starting...">
          Start Overage Entry
        </SubmitButton>
      </div>
    </form>
  );
}

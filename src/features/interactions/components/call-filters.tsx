"use client";
import * as React from "react";
import { SlidersHorizontal } from "lucide-react";
import { Input, Label, SelectField } from "@/lib/ui/input";
import { Button } from "@/lib/ui/button";
import { cn } from "@/lib/ui/cn";
import { CHANNEL_LABEL, DIRECTION_LABEL, NO_FILTERS, OUTCOME_LABEL, choices, type CallFilterValues } from "../interaction-view";

/**
 * The search box and the filters of the call log; every field labelled, each
 * change applied at once. On small screens the filters fold behind a
 * "Filters" button (open when one is set); from lg up they always show.
 */
export function CallFilters({ values, onChange, aiEmployees }: { values: CallFilterValues; onChange: (next: CallFilterValues) => void; aiEmployees: { id: string; name: string }[] }) {
  const set = (key: keyof CallFilterValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...values, [key]: e.target.value });
  const flag = (key: "needsFollowUp" | "appointmentBooked") => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...values, [key]: e.target.checked ? "true" : "" });
  const active = (Object.keys(values) as (keyof CallFilterValues)[]).filter((k) => k !== "q" && values[k]).length;
  const [open, setOpen] = React.useState(active > 0);
  const any = active > 0 || Boolean(values.q);
  const labelled = <K extends string>(labels: Record<K, string>) => choices(labels).map((k) => ({ value: k, label: labels[k] }));
  // The choice lists, each with its "any" entry first.
  const selects: { key: keyof CallFilterValues; id: string; label: string; all: string; options: { value: string; label: string }[] }[] = [
    { key: "channel", id: "calls-channel", label: "Channel", all: "All channels", options: labelled(CHANNEL_LABEL) },
    { key: "direction", id: "calls-direction", label: "Direction", all: "Inbound and outbound", options: labelled(DIRECTION_LABEL) },
    { key: "outcome", id: "calls-outcome", label: "Outcome", all: "Any outcome", options: labelled(OUTCOME_LABEL) },
    { key: "aiEmployeeId", id: "calls-ai-employee", label: "AI employee", all: "All AI employees", options: aiEmployees.map((a) => ({ value: a.id, label: a.name })) },
  ];
  return (
    <form role="search" aria-label="Search and filter calls and messages" className="space-y-3" onSubmit={(e) => e.preventDefault()}>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Label htmlFor="calls-q">Search</Label>
          <Input id="calls-q" type="search" placeholder="Words from the conversation or a caller's number" value={values.q} onChange={set("q")} maxLength={200} />
        </div>
        <Button type="button" variant="outline" className="lg:hidden" aria-expanded={open} aria-controls="calls-filters" onClick={() => setOpen(!open)}>
          <SlidersHorizontal aria-hidden />
          Filters{active ? ` (${active})` : ""}
        </Button>
      </div>
      <div id="calls-filters" className={cn("grid-cols-1 gap-3 sm:grid-cols-2 lg:grid lg:grid-cols-4", open ? "grid" : "hidden")}>
        {selects.map(({ key, id, label, all, options }) => (
          <SelectField key={key} id={id} label={label} none={all} options={options} value={values[key]} onChange={set(key)} />
        ))}
        <div>
          <Label htmlFor="calls-from">From (UTC)</Label>
          <Input id="calls-from" type="date" value={values.from} max={values.to || undefined} onChange={set("from")} />
        </div>
        <div>
          <Label htmlFor="calls-to">To (UTC)</Label>
          <Input id="calls-to" type="date" value={values.to} min={values.from || undefined} onChange={set("to")} />
        </div>
        <fieldset className="flex flex-col justify-end gap-1.5 text-sm text-slate-900">
          <legend className="sr-only">Show only</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-brand-700" checked={values.needsFollowUp === "true"} onChange={flag("needsFollowUp")} />
            Needs follow-up
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-brand-700" checked={values.appointmentBooked === "true"} onChange={flag("appointmentBooked")} />
            Appointment booked
          </label>
        </fieldset>
        <div className="flex items-end">
          <Button type="button" variant="outline" className="w-full lg:w-auto" disabled={!any} onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </div>
      </div>
    </form>
  );
}

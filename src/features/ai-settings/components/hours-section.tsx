"use client";
import { useFieldArray } from "react-hook-form";
import { Plus, X } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { Label } from "@/lib/ui/input";
import { LIMITS, WEEKDAYS, WEEKDAY_LABELS, type Weekday } from "../settings.schema";
import { fieldId, focusSoon, GroupError, SettingsSection, TextField, useReadOnly } from "./fields";
import { ClosedDays } from "./closed-days";
import type { SettingsFormValues } from "./settings-form";

/** A range's two times: the field and its visible label. */
const ENDS = [
  ["open", "Opens"],
  ["close", "Closes"],
] as const;

const FIRST_RANGE = { open: "09:00", close: "17:00" };

/** One weekday: its opening ranges, or closed. */
function DayHours({ day }: { day: Weekday }) {
  const readOnly = useReadOnly();
  const name = WEEKDAY_LABELS[day];
  const { fields, append, remove, replace } = useFieldArray<SettingsFormValues, `hours.${Weekday}`>({ name: `hours.${day}` });
  const base = fieldId(`hours.${day}`);
  const closed = fields.length === 0;
  const removeRange = (i: number) => {
    remove(i);
    focusSoon(fields.length === 1 ? `${base}-closed` : `${base}-add`);
  };
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{name}</legend>
      <div className="flex items-center gap-3">
        <input
          type="checkbox"
          id={`${base}-closed`}
          className="size-5 shrink-0 accent-brand-700"
          checked={closed}
          disabled={readOnly}
          onChange={(e) => (e.target.checked ? replace([]) : append(FIRST_RANGE))}
        />
        <Label htmlFor={`${base}-closed`}>Closed on {name}</Label>
      </div>
      {fields.length ? (
        <ul className="mt-3 space-y-3">
          {fields.map((f, i) => {
            const n = i > 0 ? ` ${i + 1}` : "";
            return (
              <li key={f.id}>
                <div className="grid max-w-md grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 sm:gap-3">
                  {ENDS.map(([end, visible]) => (
                    <TextField
                      key={end}
                      name={`hours.${day}.${i}.${end}`}
                      type="time"
                      label={`${name} ${visible.toLowerCase()}${n}`}
                      visible={`${visible}${n}`}
                      describedBy={`${fieldId(`hours.${day}.${i}`)}-error`}
                      inputClassName="px-2"
                    />
                  ))}
                  {readOnly ? null : (
                    <Button type="button" variant="ghost" size="icon" onClick={() => removeRange(i)}>
                      <X aria-hidden />
                      <span className="sr-only">
                        Remove {name} hours {i + 1}
                      </span>
                    </Button>
                  )}
                </div>
                <GroupError name={`hours.${day}.${i}`} />
              </li>
            );
          })}
        </ul>
      ) : null}
      <GroupError name={`hours.${day}`} />
      {readOnly || fields.length >= LIMITS.rangesPerDay ? null : (
        <Button type="button" id={`${base}-add`} variant="outline" size="sm" className="mt-3" onClick={() => append(fields.length ? { open: "", close: "" } : FIRST_RANGE)}>
          <Plus aria-hidden />
          Add hours<span className="sr-only"> for {name}</span>
        </Button>
      )}
    </fieldset>
  );
}

/** Opening times per weekday (several ranges a day) and closed days. */
export function HoursSection() {
  return (
    <SettingsSection
      id="settings-hours"
      title="Business hours"
      description="When the AI employee treats the business as open, in the time zone above. A range may cross midnight (22:00 to 02:00); a range closing at 00:00 ends at midnight."
    >
      <div className="grid gap-3 lg:grid-cols-2">
        {WEEKDAYS.map((d) => (
          <DayHours key={d} day={d} />
        ))}
      </div>
      <ClosedDays />
    </SettingsSection>
  );
}

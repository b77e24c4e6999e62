"use client";
import { useFieldArray } from "react-hook-form";
import { Plus, X } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { LIMITS } from "../settings.schema";
import { focusSoon, GroupError, TextField, useReadOnly } from "./fields";
import type { SettingsFormValues } from "./settings-form";

/** Closed days and holidays: a date and a label each. */
export function ClosedDays() {
  const readOnly = useReadOnly();
  const { fields, append, remove } = useFieldArray<SettingsFormValues, "closedDays">({ name: "closedDays" });
  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold">Closed days and holidays</h3>
      {fields.length ? (
        <ul className="space-y-3">
          {fields.map((f, i) => (
            <li key={f.id} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-end gap-3">
                <TextField name={`closedDays.${i}.date`} type="date" label={`Closed day date ${i + 1}`} visible="Date" className="w-44" />
                <TextField name={`closedDays.${i}.label`} label={`Closed day label ${i + 1}`} visible="Label" maxLength={80} placeholder="e.g. Christmas Day" className="min-w-40 flex-1" />
                {readOnly ? null : (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => {
                      remove(i);
                      focusSoon("settings-closedDays-add");
                    }}
                  >
                    <X aria-hidden />
                    <span className="sr-only">Remove closed day {i + 1}</span>
                  </Button>
                )}
              </div>
              <GroupError name={`closedDays.${i}`} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No closed days.</p>
      )}
      <GroupError name="closedDays" />
      {readOnly || fields.length >= LIMITS.closedDays ? null : (
        <Button type="button" id="settings-closedDays-add" variant="outline" size="sm" onClick={() => append({ date: "", label: "" })}>
          <Plus aria-hidden />
          Add closed day
        </Button>
      )}
    </div>
  );
}

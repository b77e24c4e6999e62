"use client";
import type { ReactNode } from "react";
import { Controller, useFormContext, useFormState, type FieldError } from "react-hook-form";
import { Input, Label, Options, Select, Textarea } from "@/lib/ui/input";
import { cn } from "@/lib/ui/cn";
import type { RuleFormField, RuleFormValues } from "./rule-form-values";

/**
 * The rule editor's fields: each labelled, with its hint and its error
 * linked by aria-describedby; groups of choices in a fieldset named by its
 * legend.
 */

export const ruleFieldId = (field: RuleFormField) => `rule-${field}`;

/** A field's id, its error message (if any), and the form's `register` and `control`. */
function useRuleField(field: RuleFormField) {
  const { register, control } = useFormContext<RuleFormValues>();
  const { errors } = useFormState<RuleFormValues>({ name: field });
  return { register, control, id: ruleFieldId(field), error: (errors[field] as FieldError | undefined)?.message };
}

function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

function Notes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function RuleTextField({
  field,
  label,
  hint,
  multiline,
  type = "text",
  maxLength,
  className,
}: {
  field: "name" | "phrase" | "extraRecipients" | "quietStart" | "quietEnd";
  label: string;
  hint?: ReactNode;
  multiline?: boolean;
  type?: string;
  maxLength?: number;
  className?: string;
}) {
  const { register, id, error } = useRuleField(field);
  const common = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, Boolean(hint), Boolean(error)), maxLength, ...register(field) };
  return (
    <div className={cn("min-w-0 space-y-1.5", className)}>
      <Label htmlFor={id} className="block">
        {label}
      </Label>
      {multiline ? <Textarea rows={3} spellCheck={false} {...common} /> : <Input type={type} autoComplete="off" {...common} />}
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

export function RuleSelectField({ field, label, options }: { field: "condition"; label: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const { register, id, error } = useRuleField(field);
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id} className="block">
        {label}
      </Label>
      <Select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, false, Boolean(error))} {...register(field)}>
        <Options options={options} />
      </Select>
      <Notes id={id} error={error} />
    </div>
  );
}

/** A radio group in a fieldset whose legend names it. */
export function RuleRadioGroup({ field, legend, options }: { field: "channel"; legend: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const { register, id, error } = useRuleField(field);
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((o) => (
          <div key={o.value} className="flex items-center gap-2">
            <input type="radio" id={`${id}-${o.value}`} value={o.value} className="size-5 shrink-0 accent-brand-700" {...register(field)} />
            <Label htmlFor={`${id}-${o.value}`}>{o.label}</Label>
          </div>
        ))}
      </div>
      <Notes id={id} error={error} />
    </fieldset>
  );
}

/**
 * Checkboxes that make one list of ids (members, AI employees), in a
 * fieldset. Each is named by its label; `detail` (an e-mail address) is its
 * description.
 */
export function IdCheckboxes({
  field,
  legend,
  hint,
  options,
  before,
}: {
  field: "memberUserIds" | "aiEmployeeIds";
  legend: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ id: string; label: string; detail?: string }>;
  before?: ReactNode;
}) {
  const { control, id, error } = useRuleField(field);
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {before}
      <Controller
        control={control}
        name={field}
        render={({ field: f }) => (
          <ul className="grid gap-2 sm:grid-cols-2">
            {options.map((o, index) => {
              const boxId = `${id}-${o.id}`;
              const checked = f.value.includes(o.id);
              return (
                <li key={o.id} className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    id={boxId}
                    name={field}
                    value={o.id}
                    checked={checked}
                    // The first box takes the focus when the group has an error.
                    ref={index === 0 ? f.ref : undefined}
                    onBlur={f.onBlur}
                    onChange={(e) => f.onChange(e.target.checked ? [...f.value, o.id] : f.value.filter((v) => v !== o.id))}
                    aria-describedby={o.detail ? `${boxId}-detail` : undefined}
                    className="mt-0.5 size-5 shrink-0 accent-brand-700"
                  />
                  <span className="min-w-0">
                    <Label htmlFor={boxId} className="block break-words">
                      {o.label}
                    </Label>
                    {o.detail ? (
                      <span id={`${boxId}-detail`} className="block break-all text-sm text-slate-600">
                        {o.detail}
                      </span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      />
      <Notes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** One checkbox bound to a boolean field, its label beside it. */
export function RuleCheckbox({ field, label }: { field: "allAiEmployees"; label: string }) {
  const { register } = useFormContext<RuleFormValues>();
  const id = ruleFieldId(field);
  return (
    <div className="flex items-center gap-2">
      <input type="checkbox" id={id} className="size-5 shrink-0 accent-brand-700" {...register(field)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

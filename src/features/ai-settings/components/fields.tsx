"use client";
import { createContext, useContext, type ReactNode } from "react";
import { get, useFormContext, useFormState } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Input, Label, Options, Select, Textarea } from "@/lib/ui/input";
import { cn } from "@/lib/ui/cn";
import type { SettingsFormValues } from "./settings-form";

/** Whether the editor may change anything (staff see the settings read-only). */
export const ReadOnlyContext = createContext(false);
export const useReadOnly = () => useContext(ReadOnlyContext);

/** The id of the input at a form path ("answers.0.question" → "settings-answers-0-question"). */
export const fieldId = (name: string) => `settings-${name.replaceAll(".", "-")}`;

/** The error message at a form path (also an array's own, kept under .root). */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState<SettingsFormValues>({ name: name as never });
  const e = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** A field's hint (`<id>-hint`) and error (`<id>-error`), the ids its input's aria-describedby names. */
function FieldNotes({ id, hint, error, indent }: { id: string; hint?: ReactNode; error: string | undefined; indent?: boolean }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={cn("text-sm text-slate-600", indent && "pl-8")}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

/** An error that belongs to a group of inputs (a range, a rule's numbers). */
export function GroupError({ name }: { name: string }) {
  const message = useFieldError(name);
  return <FieldError id={`${fieldId(name)}-error`} message={message} />;
}

type TextFieldProps = {
  name: string;
  /** The accessible name; `visible` (default: the same) is what the label shows when the group around it says the rest ("Opens" in Monday's group, named "Monday opens"). */
  label: string;
  visible?: string;
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
  type?: string;
  inputMode?: "numeric" | "decimal" | "tel";
  maxLength?: number;
  min?: number;
  max?: number;
  placeholder?: string;
  autoComplete?: string;
  /** Further ids that describe the input (a group's error). */
  describedBy?: string;
  className?: string;
  inputClassName?: string;
};

/** A labelled input or textarea registered at `name`, with its hint and its error linked by aria-describedby. */
export function TextField({
  name,
  label,
  visible,
  hint,
  multiline,
  rows = 3,
  type = "text",
  inputMode,
  maxLength,
  min,
  max,
  placeholder,
  autoComplete,
  describedBy,
  className,
  inputClassName,
}: TextFieldProps) {
  const { register } = useFormContext<SettingsFormValues>();
  const id = fieldId(name);
  const error = useFieldError(name);
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : "", describedBy ?? ""].filter(Boolean).join(" ") || undefined;
  const common = { id, "aria-label": visible ? label : undefined, "aria-invalid": error ? true : undefined, "aria-describedby": ids, maxLength, placeholder, ...register(name as never) };
  return (
    <div className={cn("min-w-0 space-y-1.5", className)}>
      <Label htmlFor={id} className="block">
        {visible ?? label}
      </Label>
      {multiline ? <Textarea rows={rows} {...common} /> : <Input type={type} inputMode={inputMode} min={min} max={max} autoComplete={autoComplete ?? "off"} className={inputClassName} {...common} />}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select registered at `name`. */
export function SelectField({
  name,
  label,
  visible,
  options,
  hint,
  className,
}: {
  name: string;
  label: string;
  visible?: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
}) {
  const { register } = useFormContext<SettingsFormValues>();
  const id = fieldId(name);
  const error = useFieldError(name);
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("min-w-0 space-y-1.5", className)}>
      <Label htmlFor={id} className="block">
        {visible ?? label}
      </Label>
      <Select id={id} aria-label={visible ? label : undefined} aria-invalid={error ? true : undefined} aria-describedby={ids} {...register(name as never)}>
        <Options options={options} />
      </Select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A checkbox registered at `name`, its label beside it. */
export function CheckboxField({ name, label, hint }: { name: string; label: string; hint?: ReactNode }) {
  const { register } = useFormContext<SettingsFormValues>();
  const id = fieldId(name);
  const error = useFieldError(name);
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input type="checkbox" id={id} className="mt-0.5 size-5 shrink-0 accent-brand-700" aria-describedby={ids} {...register(name as never)} />
        <Label htmlFor={id}>{label}</Label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} indent />
    </div>
  );
}

/** A radio group registered at `name`, named by `legend`. */
export function RadioGroupField({ name, legend, options }: { name: string; legend: string; options: readonly { value: string; label: string; hint?: string }[] }) {
  const { register } = useFormContext<SettingsFormValues>();
  const id = fieldId(name);
  const error = useFieldError(name);
  return (
    <fieldset role="radiogroup" aria-labelledby={`${id}-legend`} aria-describedby={error ? `${id}-error` : undefined} className="min-w-0 space-y-2">
      <legend id={`${id}-legend`} className="mb-2 text-sm font-medium text-slate-800">
        {legend}
      </legend>
      {options.map((o) => (
        <div key={o.value} className="flex items-start gap-3">
          <input
            type="radio"
            id={`${id}-${o.value}`}
            value={o.value}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            aria-describedby={o.hint ? `${id}-${o.value}-hint` : undefined}
            {...register(name as never)}
          />
          <div>
            <Label htmlFor={`${id}-${o.value}`}>{o.label}</Label>
            {o.hint ? (
              <p id={`${id}-${o.value}-hint`} className="text-sm text-slate-600">
                {o.hint}
              </p>
            ) : null}
          </div>
        </div>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** One part of the settings: a card that is a section named by its h2. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle as="h2" id={`${id}-title`}>
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="space-y-5 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
      </Card>
    </section>
  );
}

/** Moves focus to an element once React has rendered it (after adding, removing or moving an item). */
export function focusSoon(id: string): void {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

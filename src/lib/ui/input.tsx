import * as React from "react";
import { cn } from "./cn";

const field =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:cursor-not-allowed disabled:opacity-60";

export function Input({ className, ...props }: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(field, "h-10", className)} {...props} />;
}
export function Textarea({ className, ...props }: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(field, className)} {...props} />;
}
export function Label({ className, ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn("text-sm font-medium text-slate-800", className)} {...props} />;
}
export function Select({ className, ...props }: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(field, "h-10", className)} {...props} />;
}

type OptionItem<V extends string> = V | { value: V; label: React.ReactNode; disabled?: boolean };

/** A select's `<option>`s: a string is its own value, shown as `label(value)` (the value itself by default); an object names its label. */
export function Options<V extends string>({ options, label = (value) => value }: { options: readonly OptionItem<V>[]; label?: (value: V) => React.ReactNode }) {
  return options.map((o) =>
    typeof o === "string" ? (
      <option key={o} value={o}>
        {label(o)}
      </option>
    ) : (
      <option key={o.value} value={o.value} disabled={o.disabled}>
        {o.label}
      </option>
    ),
  );
}

/**
 * A labelled input in its own block. Given a hint, the hint is shown below
 * the input (id `<id>-hint`) and describes it; `children` follow the input.
 */
export function InputField({ id, label, hint, children, ...props }: React.ComponentProps<"input"> & { id: string; label: React.ReactNode; hint?: React.ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hintId} {...props} />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * A labelled select in its own block: `none` is the first, empty choice,
 * then `options`; `children` follow the select. `className` goes to the block.
 */
export function SelectField({
  id,
  label,
  none,
  options,
  className,
  children,
  ...props
}: React.ComponentProps<"select"> & { id: string; label: React.ReactNode; none: string; options: readonly { value: string; label: React.ReactNode; disabled?: boolean }[] }) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} {...props}>
        <option value="">{none}</option>
        <Options options={options} />
      </Select>
      {children}
    </div>
  );
}

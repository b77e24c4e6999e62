import type * as React from "react";

/** One label and its value in a description list (`<dl>`): the small upper-case label above the value. */
export function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

/** Labels beside their values in a grid description list (`className` lays out the `<dl>`): `[label, value]` a row. */
export function FactList({ facts, className, labelClassName = "text-slate-600" }: { facts: readonly (readonly [string, React.ReactNode])[]; className: string; labelClassName?: string }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={labelClassName}>{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

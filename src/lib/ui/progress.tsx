import * as React from "react";
import { cn } from "./cn";

/** A progress bar; value is a percentage, clamped to 0..100. */
export function Progress({ value, className, label }: { value: number; className?: string; label: string }) {
  const pct = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)} className={cn("h-3 w-full overflow-hidden rounded-full bg-slate-200", className)}>
      <div className="h-full rounded-full bg-brand-700 transition-all" style={{ width: `${pct}%` }} />
    </div>
  );
}

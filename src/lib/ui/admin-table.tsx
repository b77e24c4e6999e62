import * as React from "react";
import { cn } from "./cn";

export type AdminColumn = string | { label: string; hidden: true };

/**
 * A server-rendered admin table (ADR 0142): the empty text when there are no
 * rows, else a bordered, horizontally scrolling table with a screen-reader
 * caption and its column headers. The rows (`<tr>`s) are the feature's.
 */
export function AdminTable({
  caption,
  columns,
  count,
  empty,
  minWidth,
  regionLabel,
  className = "mt-6",
  emptyClassName = "mt-8",
  testId,
  children,
}: {
  caption: string;
  columns: readonly AdminColumn[];
  count: number;
  empty: React.ReactNode;
  /** The table's least width class, e.g. "min-w-[720px]" (narrow screens scroll it). */
  minWidth: string;
  /** Names the scrolling region and makes it reachable with the keyboard. */
  regionLabel?: string;
  className?: string;
  emptyClassName?: string;
  /** The table's data-testid. */
  testId?: string;
  /** The rows. */
  children?: React.ReactNode;
}) {
  if (count === 0) return <p className={cn(emptyClassName, "text-slate-700")}>{empty}</p>;
  const region = regionLabel ? ({ role: "region", "aria-label": regionLabel, tabIndex: 0 } as const) : {};
  return (
    <div className={cn(className, "overflow-x-auto rounded-xl border border-slate-200 bg-white")} {...region}>
      <table className={cn("w-full text-left text-sm", minWidth)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            {columns.map((c) =>
              typeof c === "string" ? (
                <th key={c} scope="col" className="px-4 py-2">
                  {c}
                </th>
              ) : (
                <th key={c.label} scope="col" className="px-4 py-2">
                  <span className="sr-only">{c.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

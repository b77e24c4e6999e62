import { TriangleAlert } from "lucide-react";
import { formatMoney } from "@/lib/format";
import type { InsightsMonth } from "../insights.schema";
import { MonthUnitsPanel } from "./month-units-panel";
import { formatUnitsShort, longDayLabel } from "./labels";

/**
 * This usage month's units day by day against the allowance. The projection
 * ("At this pace: …") shows only when it will pass the allowance; dollars
 * only for billing.read members (`showDollars`). Whole account: the month is
 * the subscription's, whatever the period and filters above.
 */
export function MonthSection({ month, projection, showDollars }: { month: InsightsMonth | null; projection: string | null; showDollars: boolean }) {
  const id = "month-units";
  if (!month)
    return (
      <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {"This month's units"}
        </h2>
        <p className="mt-1 text-sm text-slate-700">No subscription yet: units are counted from the day one starts.</p>
      </section>
    );
  // The month's bounds are instants (the usage month starts at its anchor's time); the page names their days.
  const firstDay = month.start.slice(0, 10);
  const lastDay = new Date(Date.parse(month.end) - 1).toISOString().slice(0, 10);
  return (
    <MonthUnitsPanel
      id={id}
      days={month.days}
      includedUnits={month.includedUnits}
      projectedUnits={projection ? month.projectedUnits : null}
      description={
        <>
          <p>
            {`${longDayLabel(firstDay)} to ${longDayLabel(lastDay)}: ${formatUnitsShort(month.unitsUsed)} units used`}
            {month.includedUnits === null ? " (your plan has no limit)." : ` of ${formatUnitsShort(month.includedUnits)} included.`}
          </p>
          {projection && (
            <p className="mt-2 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950" data-testid="units-projection">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {projection}
            </p>
          )}
        </>
      }
      summary={
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
          <dt>Allowance</dt>
          <dd className="tabular-nums">{month.includedUnits === null ? "No limit" : formatUnitsShort(month.includedUnits)}</dd>
          <dt>Projected at the month&rsquo;s end</dt>
          <dd className="tabular-nums">{formatUnitsShort(month.projectedUnits)}</dd>
          <dt>Projected extra units</dt>
          <dd className="tabular-nums">{formatUnitsShort(month.extraUnits)}</dd>
          {showDollars && month.extraCostCents !== null && (
            <>
              <dt>Projected extra cost</dt>
              <dd className="tabular-nums">{formatMoney(month.extraCostCents)}</dd>
            </>
          )}
        </dl>
      }
    />
  );
}

"use client";
import type { ReactNode } from "react";
import { cumulativeUnits } from "../insights-figures";
import { ChartFrame, ChartTable, tableIdOf } from "./chart-frame";
import { UnitsChart } from "./units-chart";
import { dayLabel, formatUnitsShort } from "./labels";

/**
 * This month's units day by day (the chart and its table view), drawn in the
 * browser's bundle from the month's days once (issue 27); the server's
 * `description` and `summary` (the allowance and the projection) come as
 * they are.
 */
export function MonthUnitsPanel({
  id,
  days: perDay,
  includedUnits,
  projectedUnits,
  description,
  summary,
}: {
  id: string;
  days: Array<{ date: string; units: number }>;
  includedUnits: number | null;
  /** The projection line: only when it passes the allowance. */
  projectedUnits: number | null;
  description: ReactNode;
  summary: ReactNode;
}) {
  const days = cumulativeUnits(perDay);
  return (
    <ChartFrame
      id={id}
      title="This month's units"
      description={description}
      chart={<UnitsChart days={days} includedUnits={includedUnits} projectedUnits={projectedUnits} describedBy={tableIdOf(id)} labelledBy={`${id}-title`} />}
      table={
        <>
          <ChartTable
            id={id}
            caption="Units per day this month"
            head="Day"
            columns={["Units that day", "Month to date"]}
            rows={days.map((d) => ({ key: d.date, label: dayLabel(d.date), values: [formatUnitsShort(d.units), formatUnitsShort(d.toDate)] }))}
          />
          {summary}
        </>
      }
    />
  );
}

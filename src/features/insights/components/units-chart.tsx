"use client";
import { Bar } from "@visx/shape";
import { DayChart } from "./day-chart";
import { dayLabel, formatUnitsShort } from "./labels";

/**
 * The month's units to date, day by day (bars), against the allowance (a
 * line) and, when there is one, the projection at the month's end (dashed).
 * Read by keyboard like the daily chart (DayChart); its description is the table view.
 */
export function UnitsChart({
  days,
  includedUnits,
  projectedUnits,
  describedBy,
  labelledBy,
}: {
  days: Array<{ date: string; units: number; toDate: number }>;
  includedUnits: number | null;
  projectedUnits: number | null;
  describedBy: string;
  labelledBy: string;
}) {
  const readout = (selected: number | null) => {
    const day = selected === null ? null : days[selected];
    if (day) return `${dayLabel(day.date)}: ${formatUnitsShort(day.units)} units that day, ${formatUnitsShort(day.toDate)} this month so far`;
    return days.length === 0 ? "No units used yet this month." : "";
  };
  return (
    <DayChart
      name="units-chart"
      dates={days.map((d) => d.date)}
      max={Math.max(includedUnits ?? 0, projectedUnits ?? 0, ...days.map((d) => d.toDate))}
      height={220}
      margin={{ top: 12, right: 8, bottom: 28, left: 40 }}
      formatTick={formatUnitsShort}
      labelledBy={labelledBy}
      describedBy={describedBy}
      readout={readout}
    >
      {({ x, y, innerW, innerH, selected, setSelected }) => (
        <>
          {days.map((d, i) => (
            <Bar
              key={d.date}
              x={x(d.date) ?? 0}
              y={y(d.toDate)}
              width={x.bandwidth()}
              height={Math.max(0, innerH - y(d.toDate))}
              fill={includedUnits !== null && d.toDate > includedUnits ? "#b45309" : "#4f46e5"}
              opacity={selected === null || selected === i ? 1 : 0.45}
              onMouseEnter={() => setSelected(i)}
            />
          ))}
          {includedUnits !== null && (
            <g>
              <line x1={0} x2={innerW} y1={y(includedUnits)} y2={y(includedUnits)} stroke="#0f172a" strokeWidth={2} />
              <text x={innerW} y={y(includedUnits) - 4} textAnchor="end" fontSize={11} fill="#0f172a">
                {`Allowance ${formatUnitsShort(includedUnits)}`}
              </text>
            </g>
          )}
          {projectedUnits !== null && (
            <g>
              <line x1={0} x2={innerW} y1={y(projectedUnits)} y2={y(projectedUnits)} stroke="#b45309" strokeWidth={2} strokeDasharray="6 4" />
              <text x={0} y={y(projectedUnits) - 4} fontSize={11} fill="#92400e">
                {`Projected ${formatUnitsShort(projectedUnits)}`}
              </text>
            </g>
          )}
        </>
      )}
    </DayChart>
  );
}

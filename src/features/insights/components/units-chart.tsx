"use client";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { dayLabel, formatUnitsShort, shortDayLabel } from "./labels";
import { useChartWidth, useDaySelection } from "./use-chart-width";

const HEIGHT = 220;
const M = { top: 12, right: 8, bottom: 28, left: 40 };

/**
 * The month's units to date, day by day (bars), against the allowance (a
 * line) and, when there is one, the projection at the month's end (dashed).
 * Read by keyboard like the daily chart; its description is the table view.
 */
export function UnitsChart({ days, includedUnits, projectedUnits, describedBy, labelledBy }: { days: Array<{ date: string; units: number; toDate: number }>; includedUnits: number | null; projectedUnits: number | null; describedBy: string; labelledBy: string }) {
  const { ref, width } = useChartWidth<HTMLDivElement>();
  const { selected, setSelected, onKeyDown } = useDaySelection(days.length);
  const innerW = Math.max(10, width - M.left - M.right);
  const innerH = HEIGHT - M.top - M.bottom;
  const max = Math.max(1, includedUnits ?? 0, projectedUnits ?? 0, ...days.map((d) => d.toDate));
  const x = scaleBand<string>({ domain: days.map((d) => d.date), range: [0, innerW], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const every = Math.max(1, Math.ceil(days.length / Math.max(2, Math.floor(innerW / 64))));
  const day = selected === null ? null : days[selected];
  return (
    <div ref={ref}>
      <div
        role="group"
        aria-roledescription="chart"
        aria-labelledby={labelledBy}
        aria-describedby={`${describedBy} units-chart-keys`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setSelected(null)}
        className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        data-testid="units-chart"
      >
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width="100%" aria-hidden="true" className="block">
          <Group left={M.left} top={M.top}>
            {y.ticks(4).map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`}>
                <line x1={0} x2={innerW} stroke="#e2e8f0" />
                <text x={-6} dy="0.32em" textAnchor="end" fontSize={11} fill="#475569">
                  {formatUnitsShort(t)}
                </text>
              </g>
            ))}
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
            {days.map((d, i) =>
              i % every === 0 ? (
                <text key={d.date} x={(x(d.date) ?? 0) + x.bandwidth() / 2} y={innerH + 16} textAnchor="middle" fontSize={11} fill="#475569">
                  {shortDayLabel(d.date)}
                </text>
              ) : null,
            )}
            <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke="#94a3b8" />
          </Group>
        </svg>
      </div>
      <p id="units-chart-keys" className="sr-only">
        Use the left and right arrow keys to read one day at a time.
      </p>
      <p className="mt-2 min-h-5 text-sm text-slate-800" aria-live="polite" data-testid="units-chart-readout">
        {day ? `${dayLabel(day.date)}: ${formatUnitsShort(day.units)} units that day, ${formatUnitsShort(day.toDate)} this month so far` : days.length === 0 ? "No units used yet this month." : ""}
      </p>
    </div>
  );
}

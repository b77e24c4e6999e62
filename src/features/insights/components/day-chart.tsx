"use client";
import type { ReactNode } from "react";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { shortDayLabel } from "./labels";
import { useChartWidth, useDaySelection } from "./use-chart-width";

type Margin = { top: number; right: number; bottom: number; left: number };

/** What a day chart's drawing gets: its scales, its inner size, and the day selection. */
export type DayChartScope = {
  x: ReturnType<typeof scaleBand<string>>;
  y: ReturnType<typeof scaleLinear<number>>;
  innerW: number;
  innerH: number;
  selected: number | null;
  setSelected: (i: number | null) => void;
};

/**
 * The frame of a chart with one bar a day (visx): a value axis with four
 * ticks, the days along the bottom (as many labels as fit), and the bars the
 * caller draws. The drawing is hidden from assistive technology; its
 * description is the table view (`describedBy`). With the keyboard (← →,
 * Home, End) or the pointer, one day is selected and `readout` says it below.
 */
export function DayChart({
  name,
  dates,
  max,
  height,
  margin,
  formatTick,
  labelledBy,
  describedBy,
  readout,
  legend,
  children,
}: {
  /** The chart's test id; its keyboard hint is `${name}-keys`, its readout `${name}-readout`. */
  name: string;
  dates: string[];
  max: number;
  height: number;
  margin: Margin;
  formatTick: (value: number) => string;
  labelledBy: string;
  describedBy: string;
  readout: (selected: number | null) => string;
  legend?: ReactNode;
  children: (scope: DayChartScope) => ReactNode;
}) {
  const { ref, width } = useChartWidth<HTMLDivElement>();
  const { selected, setSelected, onKeyDown } = useDaySelection(dates.length);
  const innerW = Math.max(10, width - margin.left - margin.right);
  const innerH = height - margin.top - margin.bottom;
  const x = scaleBand<string>({ domain: dates, range: [0, innerW], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, max)], range: [innerH, 0], nice: true });
  const every = Math.max(1, Math.ceil(dates.length / Math.max(2, Math.floor(innerW / 64))));
  return (
    <div ref={ref}>
      {legend}
      <div
        role="group"
        aria-roledescription="chart"
        aria-labelledby={labelledBy}
        aria-describedby={`${describedBy} ${name}-keys`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setSelected(null)}
        className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        data-testid={name}
      >
        <svg viewBox={`0 0 ${width} ${height}`} width="100%" aria-hidden="true" className="block">
          <Group left={margin.left} top={margin.top}>
            {y.ticks(4).map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`}>
                <line x1={0} x2={innerW} stroke="#e2e8f0" />
                <text x={-6} dy="0.32em" textAnchor="end" fontSize={11} fill="#475569">
                  {formatTick(t)}
                </text>
              </g>
            ))}
            {children({ x, y, innerW, innerH, selected, setSelected })}
            {dates.map((date, i) =>
              i % every === 0 ? (
                <text key={date} x={(x(date) ?? 0) + x.bandwidth() / 2} y={innerH + 16} textAnchor="middle" fontSize={11} fill="#475569">
                  {shortDayLabel(date)}
                </text>
              ) : null,
            )}
            <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke="#94a3b8" />
          </Group>
        </svg>
      </div>
      <p id={`${name}-keys`} className="sr-only">
        Use the left and right arrow keys to read one day at a time.
      </p>
      <p className="mt-2 min-h-5 text-sm text-slate-800" aria-live="polite" data-testid={`${name}-readout`}>
        {readout(selected)}
      </p>
    </div>
  );
}

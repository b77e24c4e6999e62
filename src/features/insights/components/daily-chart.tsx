"use client";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { BarStack } from "@visx/shape";
import type { InsightsDay, InsightOutcome } from "../insights.schema";
import { OUTCOME_COLORS, OUTCOME_LABELS, OUTCOMES, dayLabel, formatCount, shortDayLabel } from "./labels";
import { useChartWidth, useDaySelection } from "./use-chart-width";

const HEIGHT = 240;
const M = { top: 10, right: 8, bottom: 28, left: 36 };

type Row = { date: string } & Record<InsightOutcome, number>;

/**
 * Calls and messages per day, stacked by outcome (visx). The drawing is
 * hidden from assistive technology; its description is the table view
 * (`describedBy`). With the keyboard (← →, Home, End) or the pointer, one
 * day's numbers are read out below it.
 */
export function DailyChart({ series, describedBy, labelledBy }: { series: InsightsDay[]; describedBy: string; labelledBy: string }) {
  const { ref, width } = useChartWidth<HTMLDivElement>();
  const { selected, setSelected, onKeyDown } = useDaySelection(series.length);
  const rows: Row[] = series.map((d) => ({ date: d.date, ...d.byOutcome }));
  const innerW = Math.max(10, width - M.left - M.right);
  const innerH = HEIGHT - M.top - M.bottom;
  const max = Math.max(1, ...series.map((d) => OUTCOMES.reduce((s, o) => s + d.byOutcome[o], 0)));
  const x = scaleBand<string>({ domain: rows.map((r) => r.date), range: [0, innerW], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const ticks = y.ticks(4);
  const every = Math.max(1, Math.ceil(rows.length / Math.max(2, Math.floor(innerW / 64))));
  const day = selected === null ? null : series[selected];
  return (
    <div ref={ref}>
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Outcomes">
        {OUTCOMES.map((o) => (
          <li key={o} className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm" style={{ background: OUTCOME_COLORS[o] }} aria-hidden />
            {OUTCOME_LABELS[o]}
          </li>
        ))}
      </ul>
      <div
        role="group"
        aria-roledescription="chart"
        aria-labelledby={labelledBy}
        aria-describedby={`${describedBy} daily-chart-keys`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setSelected(null)}
        className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        data-testid="daily-chart"
      >
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width="100%" aria-hidden="true" className="block">
          <Group left={M.left} top={M.top}>
            {ticks.map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`}>
                <line x1={0} x2={innerW} stroke="#e2e8f0" />
                <text x={-6} dy="0.32em" textAnchor="end" fontSize={11} fill="#475569">
                  {formatCount(t)}
                </text>
              </g>
            ))}
            <BarStack<Row, InsightOutcome> data={rows} keys={[...OUTCOMES]} x={(r) => r.date} xScale={x} yScale={y} color={(k) => OUTCOME_COLORS[k]}>
              {(stacks) =>
                stacks.map((stack) =>
                  stack.bars.map((bar) => (
                    <rect
                      key={`${stack.key}-${bar.index}`}
                      x={bar.x}
                      y={bar.y}
                      width={bar.width}
                      height={Math.max(0, bar.height)}
                      fill={bar.color}
                      opacity={selected === null || selected === bar.index ? 1 : 0.45}
                      onMouseEnter={() => setSelected(bar.index)}
                    />
                  )),
                )
              }
            </BarStack>
            {rows.map((r, i) =>
              i % every === 0 ? (
                <text key={r.date} x={(x(r.date) ?? 0) + x.bandwidth() / 2} y={innerH + 16} textAnchor="middle" fontSize={11} fill="#475569">
                  {shortDayLabel(r.date)}
                </text>
              ) : null,
            )}
            <line x1={0} x2={innerW} y1={innerH} y2={innerH} stroke="#94a3b8" />
          </Group>
        </svg>
      </div>
      <p id="daily-chart-keys" className="sr-only">
        Use the left and right arrow keys to read one day at a time.
      </p>
      <p className="mt-2 min-h-5 text-sm text-slate-800" aria-live="polite" data-testid="daily-chart-readout">
        {day
          ? `${dayLabel(day.date)}: ${formatCount(day.interactions)} in all, ${OUTCOMES.map((o) => `${formatCount(day.byOutcome[o])} ${OUTCOME_LABELS[o].toLowerCase()}`).join(", ")}`
          : series.length === 0
            ? "No calls or messages in this period."
            : ""}
      </p>
    </div>
  );
}

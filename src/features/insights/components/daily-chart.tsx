"use client";
import { BarStack } from "@visx/shape";
import type { InsightOutcome } from "../insights.schema";
import { DayChart } from "./day-chart";
import { OUTCOME_COLORS, OUTCOME_LABELS, OUTCOMES, dayLabel, formatCount } from "./labels";

/** One day of the chart: its counts in OUTCOMES order, and its calls and messages in all. */
export type DailyRow = { date: string; counts: number[]; total: number };

type Row = { date: string } & Record<InsightOutcome, number>;

/** Calls and messages per day, stacked by outcome (visx), read one day at a time (DayChart). */
export function DailyChart({ days, describedBy, labelledBy }: { days: DailyRow[]; describedBy: string; labelledBy: string }) {
  const rows: Row[] = days.map((d) => ({ date: d.date, ...(Object.fromEntries(OUTCOMES.map((o, i) => [o, d.counts[i] ?? 0])) as Record<InsightOutcome, number>) }));
  const max = Math.max(1, ...days.map((d) => d.counts.reduce((s, n) => s + n, 0)));
  const readout = (selected: number | null) => {
    const day = selected === null ? null : days[selected];
    if (day) return `${dayLabel(day.date)}: ${formatCount(day.total)} in all, ${OUTCOMES.map((o, i) => `${formatCount(day.counts[i] ?? 0)} ${OUTCOME_LABELS[o].toLowerCase()}`).join(", ")}`;
    return days.length === 0 ? "No calls or messages in this period." : "";
  };
  const legend = (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Outcomes">
      {OUTCOMES.map((o) => (
        <li key={o} className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: OUTCOME_COLORS[o] }} aria-hidden />
          {OUTCOME_LABELS[o]}
        </li>
      ))}
    </ul>
  );
  return (
    <DayChart
      name="daily-chart"
      dates={rows.map((r) => r.date)}
      max={max}
      height={240}
      margin={{ top: 10, right: 8, bottom: 28, left: 36 }}
      formatTick={formatCount}
      labelledBy={labelledBy}
      describedBy={describedBy}
      readout={readout}
      legend={legend}
    >
      {({ x, y, selected, setSelected }) => (
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
      )}
    </DayChart>
  );
}

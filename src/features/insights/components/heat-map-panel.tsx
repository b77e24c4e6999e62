"use client";
import { TableHead } from "@/lib/ui/column-headers";
import { ChartFrame, tableIdOf } from "./chart-frame";
import { WEEKDAYS, WEEKDAY_LONG, WEEKDAY_SHORT, formatCount, hourLabel } from "./labels";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** Eight shades of the brand colour; text turns white from the sixth. */
const SHADES = ["#ffffff", "#eef2ff", "#e0e7ff", "#c7d2fe", "#a5b4fc", "#818cf8", "#4f46e5", "#4338ca", "#3730a3"];
/** The table view's columns; the count is right-aligned. */
const RANKED_COLUMNS = [
  ["Weekday", "border-b border-slate-200 px-2 py-1.5 text-left font-semibold"],
  ["Hour", "border-b border-slate-200 px-2 py-1.5 text-left font-semibold"],
  ["Calls and messages", "border-b border-slate-200 px-2 py-1.5 text-right font-semibold"],
  ["Busy hour", "border-b border-slate-200 px-2 py-1.5 text-left font-semibold"],
] as const;

/** One hour of the heat map with any calls or messages: weekday (0 Sunday), hour, count, and 1 when it is a busy hour. */
export type HeatMapCell = [weekday: number, hour: number, count: number, busy: 0 | 1];

/**
 * The busiest hours: weekday × hour in the account's zone. The heat map is
 * itself a table (hours down, weekdays across, so it fits 390 px), each cell
 * shaded by its count and holding the number; the busy hours (ADR 0138) are
 * outlined and named. Its table view lists the busiest cells in order. Drawn
 * in the browser's bundle from the hours with a count (issue 27: the page
 * sends those few numbers, not the 168 cells' and the ranking's markup).
 */
export function HeatMapPanel({ cells }: { cells: HeatMapCell[] }) {
  const heatmap = cells.map(([weekday, hour, count]) => ({ weekday, hour, count }));
  const count = new Map(heatmap.map((c) => [`${c.weekday}-${c.hour}`, c.count]));
  const isBusy = new Set(cells.filter((c) => c[3] === 1).map(([weekday, hour]) => `${weekday}-${hour}`));
  const max = Math.max(0, ...heatmap.map((c) => c.count));
  const shade = (n: number) => (n === 0 || max === 0 ? 0 : Math.max(1, Math.ceil((n / max) * (SHADES.length - 1))));
  const ranked = heatmap.filter((c) => c.count > 0).sort((a, b) => b.count - a.count || a.weekday - b.weekday || a.hour - b.hour);
  const id = "heatmap";
  return (
    <ChartFrame
      id={id}
      title="Busiest hours"
      description={<p>Calls and messages by weekday and hour. Outlined cells are the busy hours: the top quarter of the hours with any calls or messages in this period.</p>}
      chart={
        <div className="max-h-[28rem] overflow-auto" tabIndex={0} role="region" aria-label="Busiest hours: heat map" aria-describedby={tableIdOf(id)}>
          <table className="w-full border-separate border-spacing-0.5 text-xs" data-testid="heatmap-grid">
            <caption className="sr-only">Calls and messages by hour (rows) and weekday (columns); busy hours are marked</caption>
            <thead>
              <tr>
                <th scope="col" className="sticky top-0 bg-white px-1 text-left font-semibold text-slate-700">
                  Hour
                </th>
                {WEEKDAYS.map((w) => (
                  <th key={w} scope="col" className="sticky top-0 bg-white px-1 text-center font-semibold text-slate-700">
                    <abbr title={WEEKDAY_LONG[w]} className="no-underline">
                      {WEEKDAY_SHORT[w]}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {HOURS.map((h) => (
                <tr key={h}>
                  <th scope="row" className="whitespace-nowrap px-1 text-left font-normal tabular-nums text-slate-700">
                    {hourLabel(h)}
                  </th>
                  {WEEKDAYS.map((w) => {
                    const n = count.get(`${w}-${h}`) ?? 0;
                    const s = shade(n);
                    const busyCell = isBusy.has(`${w}-${h}`);
                    return (
                      <td
                        key={w}
                        className={`h-6 min-w-8 rounded-sm text-center tabular-nums ${busyCell ? "outline-2 -outline-offset-2 outline-amber-500 font-semibold" : ""}`}
                        style={{ background: SHADES[s], color: s >= 6 ? "#ffffff" : "#1e293b" }}
                        data-busy={busyCell || undefined}
                      >
                        {n > 0 ? formatCount(n) : ""}
                        {busyCell && <span className="sr-only"> (busy)</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
      table={
        ranked.length === 0 ? (
          <p id={tableIdOf(id)} className="text-sm text-slate-700">
            No calls or messages in this period.
          </p>
        ) : (
          <table id={tableIdOf(id)} className="min-w-full text-sm">
            <caption className="sr-only">Hours with calls or messages, busiest first</caption>
            <TableHead columns={RANKED_COLUMNS} />
            <tbody>
              {ranked.map((c) => (
                <tr key={`${c.weekday}-${c.hour}`}>
                  <td className="border-b border-slate-100 px-2 py-1.5">{WEEKDAY_LONG[c.weekday]}</td>
                  <td className="border-b border-slate-100 px-2 py-1.5 tabular-nums">{`${hourLabel(c.hour)}–${hourLabel((c.hour + 1) % 24)}`}</td>
                  <td className="border-b border-slate-100 px-2 py-1.5 text-right tabular-nums">{formatCount(c.count)}</td>
                  <td className="border-b border-slate-100 px-2 py-1.5">{isBusy.has(`${c.weekday}-${c.hour}`) ? "Yes" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    />
  );
}

"use client";
import { ChartFrame, ChartTable, tableIdOf } from "./chart-frame";
import { DailyChart, type DailyRow } from "./daily-chart";
import { OUTCOME_LABELS, OUTCOMES, dayLabel, formatCount } from "./labels";

/**
 * Calls and messages per day, stacked by outcome, with its table view: drawn
 * in the browser's bundle from one compact list (a day's counts in OUTCOMES
 * order and its total), so the page sends the days once, not as the chart's
 * data and again as the table's markup (issue 27).
 */
export function DailyPanel({ days }: { days: DailyRow[] }) {
  const id = "daily";
  return (
    <ChartFrame
      id={id}
      title="Calls and messages per day"
      description={<p>Each day&rsquo;s calls and messages, stacked by outcome. Missed counts no answer, busy and failed calls.</p>}
      chart={<DailyChart days={days} describedBy={tableIdOf(id)} labelledBy={`${id}-title`} />}
      table={
        <ChartTable
          id={id}
          caption="Calls and messages per day by outcome"
          head="Day"
          columns={[...OUTCOMES.map((o) => OUTCOME_LABELS[o]), "Total"]}
          rows={days.map((d) => ({ key: d.date, label: dayLabel(d.date), values: [...d.counts.map((n) => formatCount(n)), formatCount(d.total)] }))}
          empty="No calls or messages in this period."
          emphasizeLast
        />
      }
    />
  );
}

import type { InsightsDay } from "../insights.schema";
import { ChartFrame, ChartTable, tableIdOf } from "./chart-frame";
import { DailyChart } from "./daily-chart";
import { OUTCOME_LABELS, OUTCOMES, dayLabel, formatCount } from "./labels";

/** Calls and messages per day, stacked by outcome, with its table view. */
export function DailySection({ series }: { series: InsightsDay[] }) {
  const id = "daily";
  return (
    <ChartFrame
      id={id}
      title="Calls and messages per day"
      description={<p>Each day&rsquo;s calls and messages, stacked by outcome. Missed counts no answer, busy and failed calls.</p>}
      chart={<DailyChart series={series} describedBy={tableIdOf(id)} labelledBy={`${id}-title`} />}
      table={
        <ChartTable
          id={id}
          caption="Calls and messages per day by outcome"
          head="Day"
          columns={[...OUTCOMES.map((o) => OUTCOME_LABELS[o]), "Total"]}
          rows={series.map((d) => ({ key: d.date, label: dayLabel(d.date), values: [...OUTCOMES.map((o) => formatCount(d.byOutcome[o])), formatCount(d.interactions)] }))}
          empty="No calls or messages in this period."
          emphasizeLast
        />
      }
    />
  );
}

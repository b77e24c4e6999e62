import type { InsightsDay } from "../insights.schema";
import { ChartFrame, tableIdOf, td, tdNum, th, thNum } from "./chart-frame";
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
        <table id={tableIdOf(id)} className="min-w-full text-sm">
          <caption className="sr-only">Calls and messages per day by outcome</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Day
              </th>
              {OUTCOMES.map((o) => (
                <th key={o} scope="col" className={thNum}>
                  {OUTCOME_LABELS[o]}
                </th>
              ))}
              <th scope="col" className={thNum}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((d) => (
              <tr key={d.date}>
                <th scope="row" className={`${td} whitespace-nowrap font-normal`}>
                  {dayLabel(d.date)}
                </th>
                {OUTCOMES.map((o) => (
                  <td key={o} className={tdNum}>
                    {formatCount(d.byOutcome[o])}
                  </td>
                ))}
                <td className={`${tdNum} font-semibold`}>{formatCount(d.interactions)}</td>
              </tr>
            ))}
            {series.length === 0 && (
              <tr>
                <td colSpan={OUTCOMES.length + 2} className={td}>
                  No calls or messages in this period.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      }
    />
  );
}

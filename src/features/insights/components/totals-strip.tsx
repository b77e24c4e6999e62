import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import type { InsightsTotals } from "../insights.schema";
import { changeVsPrevious } from "../insights-figures";
import { formatCount, formatDuration } from "./labels";

/** One figure of the period with its change against the period before. */
function Figure({ label, value, current, previous, previousText, testId }: { label: string; value: string; current: number | null; previous: number | null; previousText?: string; testId: string }) {
  const change = current !== null && previous !== null ? changeVsPrevious(current, previous) : null;
  const Icon = change?.direction === "up" ? ArrowUpRight : change?.direction === "down" ? ArrowDownRight : ArrowRight;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-slate-700">{label}</p>
      <p className="text-2xl font-bold text-slate-900">{value}</p>
      <p className="mt-1 flex items-center gap-1 text-xs text-slate-700">
        <Icon className="size-3.5 shrink-0" aria-hidden />
        {change && !previousText ? change.text : change && change.direction !== "same" ? `${change.direction}, ${previousText}` : previousText}
      </p>
    </li>
  );
}

/** The period's headline figures: interactions, answered after hours, appointments, average call length. */
export function TotalsStrip({ totals, previous }: { totals: InsightsTotals; previous: InsightsTotals }) {
  return (
    <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="This period">
      <Figure testId="total-interactions" label="Calls and messages" value={formatCount(totals.interactions)} current={totals.interactions} previous={previous.interactions} />
      <Figure testId="total-after-hours" label="Answered after hours" value={formatCount(totals.answeredAfterHours)} current={totals.answeredAfterHours} previous={previous.answeredAfterHours} />
      <Figure testId="total-appointments" label="Appointments booked" value={formatCount(totals.appointments)} current={totals.appointments} previous={previous.appointments} />
      <Figure
        testId="total-duration"
        label="Average call length"
        value={formatDuration(totals.averageDurationSeconds)}
        current={totals.averageDurationSeconds === null ? null : Math.round(totals.averageDurationSeconds)}
        previous={previous.averageDurationSeconds === null ? null : Math.round(previous.averageDurationSeconds)}
        previousText={previous.averageDurationSeconds === null ? "none the period before" : `${formatDuration(previous.averageDurationSeconds)} the period before`}
      />
    </ul>
  );
}

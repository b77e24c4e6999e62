import { INTERACTION_CHANNELS } from "@/db/schema/enums";
import { Options } from "@/lib/ui/input";
import { INSIGHTS_MAX_DAYS } from "../insights.schema";
import type { InsightsView } from "../insights-view";
import { DEFAULT_BOOKING_RATE_PERCENT, DEFAULT_JOB_VALUE_CENTS } from "../insights-view";
import { CHANNEL_LABELS } from "./labels";

const field = "flex flex-col gap-1 text-sm font-medium text-slate-800";
const control = "h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * The period and the filters: a plain GET form, so the address holds the
 * view and the server draws it (no script needed). The owner's estimate
 * inputs ride along unchanged.
 */
export function InsightsFilters({ view, aiEmployees }: { view: InsightsView; aiEmployees: { id: string; name: string }[] }) {
  return (
    <form
      method="get"
      action="/insights"
      aria-label="Period and filters"
      className="mt-6 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <div className={field}>
        <label htmlFor="insights-period">Period</label>
        <select id="insights-period" name="period" defaultValue={view.period} className={control}>
          <option value="7">Last 7 days</option>
          <option value="30">Last 30 days</option>
          <option value="90">Last 90 days</option>
          <option value="custom">Custom dates</option>
        </select>
      </div>
      <div className={field}>
        <label htmlFor="insights-from">From</label>
        <input id="insights-from" type="date" name="from" defaultValue={view.period === "custom" ? view.from : ""} max={view.to} className={control} aria-describedby="custom-period-hint" />
      </div>
      <div className={field}>
        <label htmlFor="insights-to">To</label>
        <input id="insights-to" type="date" name="to" defaultValue={view.period === "custom" ? view.to : ""} className={control} aria-describedby="custom-period-hint" />
      </div>
      <div className={field}>
        <label htmlFor="insights-ai-employee">AI employee</label>
        <select id="insights-ai-employee" name="aiEmployeeId" defaultValue={view.aiEmployeeId ?? ""} className={control}>
          <option value="">All AI employees</option>
          <Options options={aiEmployees.map((a) => ({ value: a.id, label: a.name }))} />
        </select>
      </div>
      <div className={field}>
        <label htmlFor="insights-channel">Channel</label>
        <select id="insights-channel" name="channel" defaultValue={view.channel ?? ""} className={control}>
          <option value="">All channels</option>
          <Options options={INTERACTION_CHANNELS} label={(c) => CHANNEL_LABELS[c]} />
        </select>
      </div>
      {view.jobValueCents !== DEFAULT_JOB_VALUE_CENTS && <input type="hidden" name="jobValue" value={view.jobValueCents / 100} />}
      {view.bookingRatePercent !== DEFAULT_BOOKING_RATE_PERCENT && <input type="hidden" name="bookingRate" value={view.bookingRatePercent} />}
      <button
        type="submit"
        className="h-10 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      >
        Show
      </button>
      <p id="custom-period-hint" className="text-xs text-slate-600 sm:col-span-2 lg:col-span-6">
        From and To apply with &ldquo;Custom dates&rdquo; (at most {INSIGHTS_MAX_DAYS} days). Each period is compared with the same number of days just before it.
      </p>
    </form>
  );
}

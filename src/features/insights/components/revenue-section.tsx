import { formatMoney } from "@/lib/format";
import type { RevenueEstimate } from "../insights-figures";
import { costOverDays } from "../insights-figures";
import type { InsightsView } from "../insights-view";
import { DEFAULT_BOOKING_RATE_PERCENT, DEFAULT_JOB_VALUE_CENTS, daysBetween } from "../insights-view";
import { formatCount } from "./labels";

const control = "h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";
const jobs = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/**
 * "What your AI employee brought in" (ADR 0138): the calls it caught after
 * hours and in busy hours, and the appointments it booked, priced at the
 * owner's average job value and booking rate (defaults stated), with every
 * input and the formula on the page. Always called an estimate. Dollar
 * figures and the subscription's cost only for billing.read members; the
 * others see the counts and the formula.
 */
export function RevenueSection({
  view,
  revenue,
  answeredAfterHours,
  answeredBusyHours,
  appointments,
  showDollars,
  subscriptionMonthlyCents,
}: {
  view: InsightsView;
  revenue: RevenueEstimate;
  answeredAfterHours: number;
  answeredBusyHours: number;
  appointments: number;
  showDollars: boolean;
  subscriptionMonthlyCents: number | null;
}) {
  const days = daysBetween(view.from, view.to);
  const rate = `${view.bookingRatePercent}%`;
  return (
    <section aria-labelledby="revenue-title" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="revenue-estimate">
      <h2 id="revenue-title" className="text-lg font-semibold text-slate-900">
        What your AI employee brought in
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        An estimate, not a measurement: it multiplies what your AI employee did in these {days} days by{" "}
        {showDollars ? "the figures you enter below. Change them" : "the booking rate you enter below. Change it"} to match your business.
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">Calls answered after hours</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900">{formatCount(answeredAfterHours)}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">Calls answered in busy hours</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900">{formatCount(answeredBusyHours)}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">Appointments booked</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900">{formatCount(appointments)}</dd>
        </div>
      </dl>

      <form method="get" action="/insights" aria-label="Estimate inputs" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-end">
        {view.period !== "30" && <input type="hidden" name="period" value={view.period} />}
        {view.period === "custom" && (
          <>
            <input type="hidden" name="from" value={view.from} />
            <input type="hidden" name="to" value={view.to} />
          </>
        )}
        {view.aiEmployeeId && <input type="hidden" name="aiEmployeeId" value={view.aiEmployeeId} />}
        {view.channel && <input type="hidden" name="channel" value={view.channel} />}
        {showDollars ? (
          <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            <label htmlFor="insights-job-value">Average job value ($)</label>
            <input
              id="insights-job-value"
              type="number"
              name="jobValue"
              min={0}
              max={1_000_000}
              step="0.01"
              inputMode="decimal"
              defaultValue={view.jobValueCents / 100}
              className={control}
              aria-describedby="revenue-defaults"
            />
          </div>
        ) : (
          view.jobValueCents !== DEFAULT_JOB_VALUE_CENTS && <input type="hidden" name="jobValue" value={view.jobValueCents / 100} />
        )}
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          <label htmlFor="insights-booking-rate">Booking rate (%)</label>
          <input
            id="insights-booking-rate"
            type="number"
            name="bookingRate"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            defaultValue={view.bookingRatePercent}
            className={control}
            aria-describedby="revenue-defaults"
          />
        </div>
        <button
          type="submit"
          className="h-10 rounded-md border border-brand-700 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Recalculate
        </button>
        <p id="revenue-defaults" className="text-xs text-slate-600 sm:col-span-3">
          Until you change {showDollars ? "them" : "it"}: {showDollars && <>an average job value of {formatMoney(DEFAULT_JOB_VALUE_CENTS, "USD", { whole: true })} and </>}a booking rate of{" "}
          {DEFAULT_BOOKING_RATE_PERCENT}% (of the calls caught that did not book here, how many become a job). Your figures stay in this page&rsquo;s address, so you can bookmark them.
        </p>
      </form>

      <div className="mt-4 rounded-md border border-slate-200 p-3 text-sm text-slate-800" data-testid="revenue-formula">
        <p className="font-semibold text-slate-900">How it is worked out</p>
        <p className="mt-1">Estimated jobs = appointments booked + booking rate &times; (calls answered after hours + calls answered in busy hours &minus; appointments booked)</p>
        <p className="mt-1 tabular-nums">
          = {formatCount(appointments)} + {rate} &times; ({formatCount(answeredAfterHours)} + {formatCount(answeredBusyHours)} &minus; {formatCount(appointments)}) = about{" "}
          {jobs.format(revenue.estimatedJobs)} jobs
        </p>
        <p className="mt-1">
          Busy hours are the top quarter of the hours with any calls in the heat map above; the calls answered in those hours are counted one by one. A call is not counted twice when it also booked an
          appointment.
        </p>
        {showDollars && (
          <p className="mt-1 tabular-nums">
            Estimated value = about {jobs.format(revenue.estimatedJobs)} jobs &times; {formatMoney(view.jobValueCents)} average job value
          </p>
        )}
      </div>

      {showDollars ? (
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="rounded-md border border-emerald-300 bg-emerald-50 p-3">
            <dt className="text-sm text-emerald-950">Estimated value brought in (an estimate)</dt>
            <dd className="text-2xl font-bold tabular-nums text-emerald-950" data-testid="revenue-value">
              about {formatMoney(revenue.valueCents, "USD", { whole: true })}
            </dd>
          </div>
          <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">Your subscription&rsquo;s cost</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900" data-testid="subscription-cost">
              {subscriptionMonthlyCents === null ? "No subscription" : `${formatMoney(costOverDays(subscriptionMonthlyCents, days), "USD", { whole: true })} for ${days} days`}
            </dd>
            {subscriptionMonthlyCents !== null && <dd className="text-xs text-slate-700">{formatMoney(subscriptionMonthlyCents)} a month</dd>}
          </div>
        </dl>
      ) : (
        <p className="mt-4 text-sm text-slate-700">Dollar figures are shown to members who may view billing.</p>
      )}
    </section>
  );
}

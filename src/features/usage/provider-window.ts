import { formatDate } from "@/lib/format";

/**
 * The time window the payment provider accepts meter events in. Stripe: the
 * meter event `timestamp` "must be within the past 35 calendar days or up to
 * 5 minutes in the future" (https://docs.stripe.com/api/billing/meter-event/create
 * and https://docs.stripe.com/api/v2/billing-meter/object); outside it the
 * request is refused with a 400 ("The event timestamp cannot be more than 35
 * days in past ...") and the usage is not counted.
 * docs/decisions/0019-usage-inside-the-provider-window.md
 */
const DAY_MS = 86_400_000;
export const METER_EVENT_MAX_AGE_MS = 35 * DAY_MS;
export const METER_EVENT_MAX_AHEAD_MS = 5 * 60_000;

/**
 * Usage is accepted for a cycle only while its events stay reportable for at
 * least this long: the report job's whole automatic retry schedule (20 runs,
 * backoff capped at 10 minutes: a few hours at most) fits in it.
 */
export const REPORTING_MARGIN_MS = DAY_MS;

/**
 * Why the provider would refuse a meter event with this timestamp at `now`,
 * or null when it accepts it (the same rule in the fake provider, the sandbox
 * and the report job).
 */
export function meterEventWindowProblem(timestamp: Date, now: Date): string | null {
  if (timestamp.getTime() < now.getTime() - METER_EVENT_MAX_AGE_MS) {
    return `The event timestamp cannot be more than 35 days in the past (${timestamp.toISOString()} is before ${new Date(now.getTime() - METER_EVENT_MAX_AGE_MS).toISOString()}).`;
  }
  if (timestamp.getTime() > now.getTime() + METER_EVENT_MAX_AHEAD_MS) {
    return `The event timestamp cannot be more than 5 minutes in the future (${timestamp.toISOString()} is after ${new Date(now.getTime() + METER_EVENT_MAX_AHEAD_MS).toISOString()}).`;
  }
  return null;
}

/**
 * The time of a usage record, and of its meter events: when it was recorded
 * (on the provider's clock), clamped into its billing cycle so the provider
 * counts it in that cycle (a past cycle's usage is dated one second before
 * the cycle ends). Derived from the row only, so every retry of the report
 * job sends the same timestamp (the provider's idempotency key refuses a
 * reuse with other parameters).
 */
export function usageRecordTime(row: { createdAt: Date; periodStart: Date; periodEnd: Date }): Date {
  const lastMoment = row.periodEnd.getTime() - 1000;
  return new Date(Math.max(row.periodStart.getTime(), Math.min(row.createdAt.getTime(), lastMoment)));
}

/**
 * Why usage for the cycle [periodStart, periodEnd) cannot be recorded at
 * `now` (its events would be refused by the provider, or soon would be), or
 * null when it can. The message is shown to the admin as is.
 */
export function cycleRefusalReason(cycle: { periodStart: Date; periodEnd: Date }, now: Date): string | null {
  const time = usageRecordTime({ createdAt: now, ...cycle });
  if (time.getTime() < now.getTime() - METER_EVENT_MAX_AGE_MS + REPORTING_MARGIN_MS) {
    return (
      `Usage for the billing cycle that ended on ${formatDate(cycle.periodEnd)} can no longer be recorded: ` +
      "the payment provider only accepts usage from the past 35 days (one day is kept to retry the report). Choose a more recent billing cycle."
    );
  }
  if (time.getTime() > now.getTime() + METER_EVENT_MAX_AHEAD_MS) {
    return `Usage for the billing cycle starting on ${formatDate(cycle.periodStart)} cannot be recorded yet: the payment provider only accepts usage up to 5 minutes ahead.`;
  }
  return null;
}

import { subMonths } from "date-fns";
import { formatDate } from "@/lib/format";
import type { BillingCycle } from "@/features/billing/provider/port";
import type { BillingCycleView } from "@/features/billing/admin-api-types";

/** The mirrored subscription fields billing cycles are derived from (no provider call). */
export type CycleSource = {
  status: string;
  billing: "monthly" | "annual";
  createdAt: Date;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
};

const MAX_CYCLES = 12;
const TOLERANCE_MS = 60 * 60 * 1000;

/** 'Nov 23, 2026' in UTC (@/lib/format). */
export function formatCycleDate(d: Date): string {
  return formatDate(d);
}

export function cycleId(periodStart: Date, trial = false): string {
  return `${trial ? "trial" : "cycle"}-${Math.floor(periodStart.getTime() / 1000)}`;
}

function cycle(start: Date, end: Date, isCurrent: boolean, trial = false): BillingCycle {
  const label = `${trial ? "Trial: " : ""}${formatCycleDate(start)} – ${formatCycleDate(end)}${isCurrent ? " (current)" : ""}`;
  return { id: cycleId(start, trial), label, periodStart: start, periodEnd: end, isCurrent };
}

/** The current period of the mirror; a trial without a mirrored period is its trial window. */
export function currentPeriod(sub: CycleSource): { start: Date; end: Date } | null {
  if (sub.currentPeriodStart && sub.currentPeriodEnd) return { start: sub.currentPeriodStart, end: sub.currentPeriodEnd };
  if (sub.trialStart && sub.trialEnd && sub.status === "trialing") return { start: sub.trialStart, end: sub.trialEnd };
  return null;
}

function isTrialPeriod(sub: CycleSource, start: Date): boolean {
  return sub.trialEnd !== null && start.getTime() < sub.trialEnd.getTime() - TOLERANCE_MS;
}

/**
 * Past and current paid billing cycles, newest first, derived from the
 * mirrored period fields and the billing interval: the current period, then
 * earlier periods stepping back one interval at a time down to the first
 * paid period (the trial end, or the creation date without a trial). With
 * `includeTrial`, the trial window is added as its own cycle (usage can be
 * recorded during a trial; it is never billed as overage).
 */
export function deriveBillingCycles(sub: CycleSource, opts: { includeTrial?: boolean } = {}): BillingCycle[] {
  const cycles: BillingCycle[] = [];
  const period = currentPeriod(sub);
  const months = sub.billing === "annual" ? 12 : 1;
  if (period && !isTrialPeriod(sub, period.start)) {
    cycles.push(cycle(period.start, period.end, true));
    const anchor = (sub.trialEnd ?? sub.createdAt).getTime() - TOLERANCE_MS;
    let end = period.start;
    let steps = 1;
    while (cycles.length < MAX_CYCLES) {
      const start = subMonths(period.start, months * steps);
      if (start.getTime() < anchor) break;
      cycles.push(cycle(start, end, false));
      end = start;
      steps += 1;
    }
    // A first period shorter than a full interval (creation not on a period boundary).
    const oldest = cycles[cycles.length - 1]!.periodStart;
    const firstStart = new Date(anchor + TOLERANCE_MS);
    if (cycles.length < MAX_CYCLES && oldest.getTime() - firstStart.getTime() > 2 * TOLERANCE_MS) {
      cycles.push(cycle(firstStart, oldest, false));
    }
  }
  if (opts.includeTrial && sub.trialStart && sub.trialEnd) {
    const trialCurrent = sub.status === "trialing";
    cycles.push(cycle(sub.trialStart, sub.trialEnd, trialCurrent, true));
  }
  return cycles;
}

/** `d` plus `n` calendar months in UTC, the day kept or cut to the month's last (Jan 31 + 1 month = Feb 28/29). */
function addUtcMonths(d: Date, n: number): Date {
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + n;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
}

/**
 * The month of a period that contains `now` (spec 9: units reset monthly, on
 * an annual plan too): [start + k months, start + k + 1 months), each month
 * counted from the period's start day (so a period starting on the 31st has
 * months ending Feb 28, Mar 31 ...), the last one cut at the period's end. A
 * monthly period is its own single month. Before the period: its first
 * month; after it (a mirror not yet rolled over): its last month.
 */
export function monthOfPeriod(period: { start: Date; end: Date }, now: Date): { start: Date; end: Date } {
  let k = 0;
  for (;;) {
    const next = addUtcMonths(period.start, k + 1);
    if (next.getTime() > now.getTime() || next.getTime() >= period.end.getTime()) break;
    k += 1;
  }
  const start = addUtcMonths(period.start, k);
  const next = addUtcMonths(period.start, k + 1);
  return { start, end: next.getTime() < period.end.getTime() ? next : period.end };
}

export function toCycleView(c: BillingCycle): BillingCycleView {
  return { id: c.id, label: c.label, periodStart: c.periodStart.toISOString(), periodEnd: c.periodEnd.toISOString(), isCurrent: c.isCurrent };
}

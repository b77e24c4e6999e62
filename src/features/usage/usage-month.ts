import { addMonths } from "date-fns";

/** What a subscription's usage months are counted from: its billing anchor (the trial's end, else its start). */
export function usageAnchor(sub: { trialEnd: Date | null; createdAt: Date }): Date {
  return sub.trialEnd ?? sub.createdAt;
}

/**
 * The end of the usage month that starts at `start`: the next month from the
 * anchor, not `start` plus a month (a 31st anchor's Feb 28 month ends Mar 31).
 */
export function usageMonthEnd(sub: { trialEnd: Date | null; createdAt: Date }, start: Date): Date {
  return usageMonth(usageAnchor(sub), start).end;
}

/**
 * The usage month holding `at`: months run from the anchor's day of the month
 * (spec 9: units reset monthly, on annual plans too). Month k starts at
 * anchor + k months, each counted from the anchor itself, so a 31st anchor
 * gives Feb 28 then Mar 31, never drifting. A trial before the anchor falls in
 * the month before it (k = -1).
 */
export function usageMonth(anchor: Date, at: Date): { start: Date; end: Date } {
  let k = (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (at.getUTCMonth() - anchor.getUTCMonth());
  while (addMonths(anchor, k).getTime() > at.getTime()) k--;
  while (addMonths(anchor, k + 1).getTime() <= at.getTime()) k++;
  return { start: addMonths(anchor, k), end: addMonths(anchor, k + 1) };
}

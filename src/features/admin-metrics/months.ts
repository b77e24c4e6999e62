/**
 * The calendar months (UTC) the operator's metrics are reported by: the
 * current month and the 11 before it, oldest first.
 */
export type MetricMonth = {
  /** "2026-11" */
  key: string;
  start: Date;
  /** First instant of the next month. */
  end: Date;
};

export function monthOf(at: Date): MetricMonth {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { key: start.toISOString().slice(0, 7), start, end };
}

/** The `count` months ending with the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): MetricMonth[] {
  const out: MetricMonth[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))));
  return out;
}

/**
 * The instant a month's recurring revenue is read at: its last millisecond,
 * or `now` for the month under way.
 */
export function snapshotAt(month: MetricMonth, now: Date): Date {
  return new Date(Math.min(month.end.getTime() - 1, now.getTime()));
}

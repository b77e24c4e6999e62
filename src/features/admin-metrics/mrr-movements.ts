/**
 * MRR movements (ADR 0139): each subscription's MRR read at the end of every
 * month, compared with the month before.
 * - new: MRR of subscriptions that had none the month before (a first
 *   payment, or a return after churn: those are also counted in
 *   `reactivation`);
 * - expansion / contraction: the rise or fall of a subscription that had MRR
 *   in both months (an upgrade or downgrade, a switch of billing period);
 * - churned: the MRR of subscriptions that had some and now have none.
 * mrr = previous mrr + new + expansion − contraction − churned, every month.
 * Cents, integers.
 */
export type MrrMonthRow = {
  month: string;
  mrrCents: number;
  newCents: number;
  /** Part of `newCents` from subscriptions that had MRR before and lost it (a reactivation). */
  reactivationCents: number;
  expansionCents: number;
  contractionCents: number;
  churnedCents: number;
  /** Subscriptions with MRR at the month's end. */
  payingSubscriptions: number;
};

export type SubscriptionMrrSeries = {
  /**
   * MRR in cents at the end of each month, oldest first; one more entry than
   * the months reported (the month before the first, the baseline).
   */
  mrr: readonly number[];
  /** The subscription had MRR at some time before the baseline month. */
  paidBefore: boolean;
};

/** Movements for `months` (oldest first) from each subscription's series (`months.length + 1` values). */
export function mrrMovements(months: readonly string[], series: readonly SubscriptionMrrSeries[]): MrrMonthRow[] {
  const rows: MrrMonthRow[] = months.map((month) => ({
    month,
    mrrCents: 0,
    newCents: 0,
    reactivationCents: 0,
    expansionCents: 0,
    contractionCents: 0,
    churnedCents: 0,
    payingSubscriptions: 0,
  }));
  for (const s of series) {
    if (s.mrr.length !== months.length + 1) throw new Error(`an MRR series needs ${months.length + 1} values, got ${s.mrr.length}`);
    let paid = s.paidBefore || s.mrr[0]! > 0;
    for (let i = 0; i < months.length; i++) {
      const before = s.mrr[i]!;
      const now = s.mrr[i + 1]!;
      const row = rows[i]!;
      row.mrrCents += now;
      if (now > 0) row.payingSubscriptions++;
      if (before === 0 && now > 0) {
        row.newCents += now;
        if (paid) row.reactivationCents += now;
      } else if (before > 0 && now === 0) row.churnedCents += before;
      else if (now > before) row.expansionCents += now - before;
      else if (now < before) row.contractionCents += before - now;
      if (now > 0) paid = true;
    }
  }
  return rows;
}

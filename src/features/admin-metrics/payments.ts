import type { MonthAmountRow } from "./figures";

/**
 * Failed and recovered payments by month (ADR 0139). A month's failed
 * payments are the invoices whose payment failed in it: by
 * `invoices.payment_failed_at` when the sync recorded it (`recorded` of
 * them), else by the older approximation (issued in the month and still not
 * collected). A recovered payment is a recorded failure whose invoice is paid
 * now, counted in the month of the failure, so a month's recovery rate is
 * recovered ÷ recorded failures; unknown without a recorded failure.
 */
export type FailedMonthRow = MonthAmountRow & {
  /** Of `count`, the failures recorded on the invoice (the others are the approximation). */
  recorded: number;
};

export type RecoveredMonthRow = MonthAmountRow & {
  /** Recovered ÷ the month's recorded failures; null when none was recorded. */
  rate: number | null;
};

export function recoveredPayments(keys: readonly string[], failed: readonly FailedMonthRow[], recovered: readonly MonthAmountRow[]): RecoveredMonthRow[] {
  return keys.map((month) => {
    const r = recovered.find((x) => x.month === month);
    const recorded = failed.find((x) => x.month === month)?.recorded ?? 0;
    const count = r?.count ?? 0;
    return { month, count, cents: r?.cents ?? 0, rate: recorded > 0 ? count / recorded : null };
  });
}

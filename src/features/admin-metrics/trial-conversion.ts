/**
 * Trial-to-paid conversion by the month a trial started (ADR 0139). A trial
 * converted when its subscription was later charged (a paid invoice above
 * zero). The rate is over the trials that are decided: those still in their
 * trial are shown apart and left out of it.
 */
export type TrialOutcome = {
  /** The month its trial started, "2026-11" (UTC). */
  month: string;
  /** How many trials share this month and outcome. */
  count: number;
  /** The subscription has a paid invoice above zero. */
  converted: boolean;
  /** Still in its trial now. */
  trialing: boolean;
};

export type TrialCohortRow = {
  month: string;
  started: number;
  converted: number;
  stillInTrial: number;
  notConverted: number;
  /** converted ÷ (started − stillInTrial), 0..1; null when none is decided. */
  rate: number | null;
};

export function trialConversion(months: readonly string[], trials: readonly TrialOutcome[]): TrialCohortRow[] {
  return months.map((month) => {
    const cohort = trials.filter((t) => t.month === month);
    const count = (keep: (t: TrialOutcome) => boolean) => cohort.filter(keep).reduce((s, t) => s + t.count, 0);
    const started = count(() => true);
    const converted = count((t) => t.converted);
    const stillInTrial = count((t) => !t.converted && t.trialing);
    const decided = started - stillInTrial;
    return { month, started, converted, stillInTrial, notConverted: decided - converted, rate: decided > 0 ? converted / decided : null };
  });
}

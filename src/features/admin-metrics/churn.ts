/**
 * Churn over a window (30 days; ADR 0139), per business account ("logo"):
 * - logo churn: accounts with MRR at the window's start and none at its end,
 *   over the accounts with MRR at its start;
 * - revenue churn (gross): the MRR those accounts lost (churned accounts'
 *   whole MRR plus the contraction of the others), over their MRR at the
 *   start. Growth of the same accounts and new accounts do not offset it.
 */
export type AccountMrr = { accountId: string; startCents: number; endCents: number };

export type ChurnFigures = {
  accountsAtStart: number;
  accountsChurned: number;
  /** 0..1; null without accounts at the start. */
  logoChurn: number | null;
  mrrAtStartCents: number;
  mrrLostCents: number;
  /** 0..1; null without MRR at the start. */
  revenueChurn: number | null;
};

export function churn(accounts: readonly AccountMrr[]): ChurnFigures {
  const atStart = accounts.filter((a) => a.startCents > 0);
  const accountsChurned = atStart.filter((a) => a.endCents <= 0).length;
  const mrrAtStartCents = atStart.reduce((s, a) => s + a.startCents, 0);
  const mrrLostCents = atStart.reduce((s, a) => s + Math.max(0, a.startCents - Math.max(0, a.endCents)), 0);
  return {
    accountsAtStart: atStart.length,
    accountsChurned,
    logoChurn: atStart.length ? accountsChurned / atStart.length : null,
    mrrAtStartCents,
    mrrLostCents,
    revenueChurn: mrrAtStartCents ? mrrLostCents / mrrAtStartCents : null,
  };
}

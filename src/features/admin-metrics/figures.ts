import { formatMoney } from "@/lib/format";
import type { MrrMonthRow } from "./mrr-movements";
import type { TrialCohortRow } from "./trial-conversion";
import type { ChurnFigures } from "./churn";
import type { AllowanceRow, PlanUnitsRow } from "./allowance";
import type { RecoveredMonthRow } from "./payments";

/**
 * The figures of /admin/metrics as tables (ADR 0139): the page draws each one
 * (definition, bars, table) and the CSV export writes the same rows. Money is
 * integer cents and units integer thousandths here; the page and the CSV
 * format them.
 */
export const FIGURE_IDS = ["mrr", "subscriptions-by-plan", "trial-conversion", "churn", "overage-revenue", "failed-payments", "recovered-payments", "units-by-plan", "closest-to-allowance"] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

export type ColumnFormat = "text" | "month" | "count" | "cents" | "units" | "percent";
export type Column = { key: string; label: string; format: ColumnFormat };
export type Cell = string | number | null;
export type FigureRow = Record<string, Cell> & { href?: string | null };

export type Figure = {
  id: FigureId;
  title: string;
  /** What each figure means and where it comes from: shown on the page as a <dl>. */
  definitions: ReadonlyArray<{ term: string; description: string }>;
  columns: readonly Column[];
  rows: readonly FigureRow[];
  /** The column drawn as bars, with the column that labels each bar. */
  bar?: { key: string; labelKey: string };
  /** A row's link (the `href` field) and its text. */
  link?: { label: string };
  empty: string;
};

export type PlanCountRow = { planId: string; plan: string; paying: number; trialing: number; mrrCents: number };
export type MonthAmountRow = { month: string; count: number; cents: number };

export type AdminMetrics = {
  generatedAt: Date;
  mrr: MrrMonthRow[];
  byPlan: PlanCountRow[];
  trials: TrialCohortRow[];
  churn: ChurnFigures & { from: Date; to: Date };
  overage: MonthAmountRow[];
  failedPayments: MonthAmountRow[];
  recoveredPayments: RecoveredMonthRow[];
  unitsByPlan: PlanUnitsRow[];
  closest: AllowanceRow[];
};

const SOURCE = "From our mirror of the payment provider's invoices and subscriptions (kept current by its webhooks and sync), never a live call to the provider.";

/** Where the operator bills a subscription's overage: the admin console's subscriptions list filtered to its account ("Bill overage"). */
export type OverageHref = (accountId: string) => string;

export function buildFigures(m: AdminMetrics, overageHref: OverageHref): Figure[] {
  return [
    {
      id: "mrr",
      title: "Monthly recurring revenue",
      definitions: [
        {
          term: "MRR",
          description:
            "At the end of each calendar month (UTC; now for this month), the sum over subscriptions of their recurring charge per month: the amount of the subscription's latest charged invoice (paid, or open while the subscription is still paying), divided by 12 for a yearly invoice. Trials ($0 invoices) and overage invoices count nothing.",
        },
        { term: "New", description: "MRR of subscriptions that had none at the end of the month before: first payments and returns." },
        { term: "Of which reactivated", description: "The part of New from subscriptions that had MRR before and lost it." },
        { term: "Expansion", description: "The rise of subscriptions that had MRR in both months (upgrades, more expensive billing)." },
        { term: "Contraction", description: "The fall of subscriptions that had MRR in both months (downgrades)." },
        { term: "Churned", description: "The MRR, at the end of the month before, of subscriptions that have none now. MRR = last month's MRR + New + Expansion − Contraction − Churned." },
        { term: "Source", description: SOURCE },
      ],
      columns: [
        { key: "month", label: "Month", format: "month" },
        { key: "mrr", label: "MRR", format: "cents" },
        { key: "new", label: "New", format: "cents" },
        { key: "reactivation", label: "Of which reactivated", format: "cents" },
        { key: "expansion", label: "Expansion", format: "cents" },
        { key: "contraction", label: "Contraction", format: "cents" },
        { key: "churned", label: "Churned", format: "cents" },
        { key: "paying", label: "Paying subscriptions", format: "count" },
      ],
      rows: m.mrr.map((r) => ({
        month: r.month,
        mrr: r.mrrCents,
        new: r.newCents,
        reactivation: r.reactivationCents,
        expansion: r.expansionCents,
        contraction: r.contractionCents,
        churned: r.churnedCents,
        paying: r.payingSubscriptions,
      })),
      bar: { key: "mrr", labelKey: "month" },
      empty: "No recurring revenue in the last 12 months.",
    },
    {
      id: "subscriptions-by-plan",
      title: "Active subscriptions and trials by plan",
      definitions: [
        { term: "Paying", description: "Subscriptions whose status counts toward recurring revenue now (active, or past due while the provider retries)." },
        { term: "In trial", description: "Live subscriptions in their free trial." },
        { term: "MRR", description: "The plan's share of this month's MRR (as in Monthly recurring revenue)." },
        { term: "Source", description: SOURCE },
      ],
      columns: [
        { key: "plan", label: "Plan", format: "text" },
        { key: "paying", label: "Paying", format: "count" },
        { key: "trialing", label: "In trial", format: "count" },
        { key: "mrr", label: "MRR", format: "cents" },
      ],
      rows: m.byPlan.map((r) => ({ plan: r.plan, paying: r.paying, trialing: r.trialing, mrr: r.mrrCents })),
      bar: { key: "paying", labelKey: "plan" },
      empty: "No live subscriptions.",
    },
    {
      id: "trial-conversion",
      title: "Trial-to-paid conversion",
      definitions: [
        { term: "Trials started", description: "Subscriptions whose free trial started in the month (UTC)." },
        { term: "Converted", description: "Of those, the ones charged later: a paid invoice above $0." },
        { term: "Still in trial", description: "Not converted yet and still in their trial; left out of the rate." },
        { term: "Conversion", description: "Converted ÷ (trials started − still in trial)." },
      ],
      columns: [
        { key: "month", label: "Month", format: "month" },
        { key: "started", label: "Trials started", format: "count" },
        { key: "converted", label: "Converted", format: "count" },
        { key: "stillInTrial", label: "Still in trial", format: "count" },
        { key: "notConverted", label: "Not converted", format: "count" },
        { key: "rate", label: "Conversion", format: "percent" },
      ],
      rows: m.trials.map((r) => ({ month: r.month, started: r.started, converted: r.converted, stillInTrial: r.stillInTrial, notConverted: r.notConverted, rate: r.rate })),
      bar: { key: "rate", labelKey: "month" },
      empty: "No trials in the last 12 months.",
    },
    {
      id: "churn",
      title: "Churn over 30 days",
      definitions: [
        { term: "Logo churn", description: "Business accounts with MRR 30 days ago and none now, ÷ accounts with MRR 30 days ago." },
        {
          term: "Revenue churn",
          description:
            "The MRR those accounts lost in the 30 days (the whole MRR of those that left, plus the fall of those that stayed) ÷ their MRR 30 days ago. Growth and new accounts do not offset it.",
        },
        { term: "Source", description: SOURCE },
      ],
      columns: [
        { key: "measure", label: "Measure", format: "text" },
        { key: "atStart", label: "30 days ago", format: "text" },
        { key: "lost", label: "Lost", format: "text" },
        { key: "rate", label: "Churn", format: "percent" },
      ],
      rows: [
        { measure: "Logo churn", atStart: accounts(m.churn.accountsAtStart), lost: accounts(m.churn.accountsChurned), rate: m.churn.logoChurn },
        { measure: "Revenue churn", atStart: centsText(m.churn.mrrAtStartCents), lost: centsText(m.churn.mrrLostCents), rate: m.churn.revenueChurn },
      ],
      empty: "",
    },
    {
      id: "overage-revenue",
      title: "Overage revenue",
      definitions: [
        {
          term: "Overage revenue",
          description: "Overage entries billed in the month (UTC, by when they were submitted): their total, whether billed at once or added to the next invoice, by an admin or automatically.",
        },
        { term: "Source", description: "Our overage entries (overage billing and auto-billing)." },
      ],
      columns: [
        { key: "month", label: "Month", format: "month" },
        { key: "entries", label: "Entries billed", format: "count" },
        { key: "amount", label: "Overage revenue", format: "cents" },
      ],
      rows: m.overage.map((r) => ({ month: r.month, entries: r.count, amount: r.cents })),
      bar: { key: "amount", labelKey: "month" },
      empty: "No overage billed in the last 12 months.",
    },
    {
      id: "failed-payments",
      title: "Failed payments",
      definitions: [
        {
          term: "Failed payments",
          description:
            "Invoices above $0 whose payment failed in the month (UTC), as recorded when the provider reported the failure; an invoice paid later still counts here, and in Recovered payments.",
        },
        {
          term: "Before failures were recorded",
          description:
            "Invoices without a recorded failure (older than the record) are counted the earlier way, in the month they were issued: not collected, still open more than a day after they were issued or marked uncollectible. For those, an invoice paid later after a retry leaves this count.",
        },
        { term: "Source", description: SOURCE },
      ],
      columns: [
        { key: "month", label: "Month", format: "month" },
        { key: "invoices", label: "Invoices", format: "count" },
        { key: "amount", label: "Amount", format: "cents" },
      ],
      rows: m.failedPayments.map((r) => ({ month: r.month, invoices: r.count, amount: r.cents })),
      bar: { key: "amount", labelKey: "month" },
      empty: "No failed payments in the last 12 months.",
    },
    {
      id: "recovered-payments",
      title: "Recovered payments",
      definitions: [
        {
          term: "Recovered payments",
          description:
            "Invoices above $0 whose payment failed and that are paid now (after a retry or a new card), counted in the month (UTC) the payment first failed, with the amount paid. The mirror records when a payment failed, not when it was paid.",
        },
        {
          term: "Recovered share",
          description:
            "Recovered ÷ the month's failed payments recorded as failed; unknown when none was recorded. Failures counted the earlier way (before they were recorded) cannot be told as recovered.",
        },
        { term: "Source", description: SOURCE },
      ],
      columns: [
        { key: "month", label: "Month of the failure", format: "month" },
        { key: "invoices", label: "Invoices", format: "count" },
        { key: "amount", label: "Amount", format: "cents" },
        { key: "rate", label: "Recovered share", format: "percent" },
      ],
      rows: m.recoveredPayments.map((r) => ({ month: r.month, invoices: r.count, amount: r.cents, rate: r.rate })),
      bar: { key: "amount", labelKey: "month" },
      empty: "No recovered payments in the last 12 months.",
    },
    {
      id: "units-by-plan",
      title: "Units by plan",
      definitions: [
        {
          term: "Units used",
          description: "Units of every live subscription's current usage month (from its billing anchor): its calls and conversations not credited as spam, plus usage recorded by an admin.",
        },
        { term: "Included", description: "The plans' allowances for those months (Enterprise has no limit)." },
        { term: "Extra units and cost", description: "Units past each subscription's allowance and their price, by the same pricing as overage billing; months inside a free trial count nothing." },
      ],
      columns: [
        { key: "plan", label: "Plan", format: "text" },
        { key: "subscriptions", label: "Subscriptions", format: "count" },
        { key: "used", label: "Units used", format: "units" },
        { key: "included", label: "Included", format: "units" },
        { key: "extra", label: "Extra units", format: "units" },
        { key: "extraCost", label: "Extra cost", format: "cents" },
      ],
      rows: m.unitsByPlan.map((r) => ({ plan: r.plan, subscriptions: r.subscriptions, used: r.usedMilli, included: r.includedMilli, extra: r.extraMilli, extraCost: r.extraCostCents })),
      bar: { key: "used", labelKey: "plan" },
      empty: "No live subscriptions.",
    },
    {
      id: "closest-to-allowance",
      title: "Closest to or past their allowance",
      definitions: [
        { term: "Allowance used", description: "Units used in the current usage month ÷ the plan's included units; the 20 highest (plans with a limit only)." },
        { term: "Extra cost", description: "What the units past the allowance cost now (nothing for a month inside a free trial)." },
        { term: "Bill overage", description: "Opens the account's subscriptions in the admin console, where “Bill overage” bills it." },
      ],
      columns: [
        { key: "account", label: "Account", format: "text" },
        { key: "plan", label: "Plan", format: "text" },
        { key: "monthStart", label: "Usage month from", format: "text" },
        { key: "used", label: "Units used", format: "units" },
        { key: "included", label: "Included", format: "units" },
        { key: "share", label: "Allowance used", format: "percent" },
        { key: "extraCost", label: "Extra cost", format: "cents" },
      ],
      rows: m.closest.map((r) => ({
        account: r.accountName,
        plan: r.plan,
        monthStart: r.monthStart.toISOString().slice(0, 10),
        used: r.usedMilli,
        included: r.includedMilli,
        share: r.share,
        extraCost: r.extraCostCents,
        href: overageHref(r.accountId),
      })),
      bar: { key: "share", labelKey: "account" },
      link: { label: "Bill overage" },
      empty: "No subscription with a limited plan is using units this month.",
    },
  ];
}

function accounts(n: number): string {
  return `${n} ${n === 1 ? "account" : "accounts"}`;
}

function centsText(cents: number): string {
  return formatMoney(cents, "USD");
}

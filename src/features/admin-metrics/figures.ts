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
      definitions: terms(
        [
          "MRR",
          "At the end of each calendar month (UTC; now for this month), the sum over subscriptions of their recurring charge per month: the amount of the subscription's latest charged invoice (paid, or open while the subscription is still paying), divided by 12 for a yearly invoice. Trials ($0 invoices) and overage invoices count nothing.",
        ],
        ["New", "MRR of subscriptions that had none at the end of the month before: first payments and returns."],
        ["Of which reactivated", "The part of New from subscriptions that had MRR before and lost it."],
        ["Expansion", "The rise of subscriptions that had MRR in both months (upgrades, more expensive billing)."],
        ["Contraction", "The fall of subscriptions that had MRR in both months (downgrades)."],
        ["Churned", "The MRR, at the end of the month before, of subscriptions that have none now. MRR = last month's MRR + New + Expansion − Contraction − Churned."],
        ["Source", SOURCE],
      ),
      columns: columns(
        ["month", "Month", "month"],
        ["mrr", "MRR", "cents"],
        ["new", "New", "cents"],
        ["reactivation", "Of which reactivated", "cents"],
        ["expansion", "Expansion", "cents"],
        ["contraction", "Contraction", "cents"],
        ["churned", "Churned", "cents"],
        ["paying", "Paying subscriptions", "count"],
      ),
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
      definitions: terms(
        ["Paying", "Subscriptions whose status counts toward recurring revenue now (active, or past due while the provider retries)."],
        ["In trial", "Live subscriptions in their free trial."],
        ["MRR", "The plan's share of this month's MRR (as in Monthly recurring revenue)."],
        ["Source", SOURCE],
      ),
      columns: columns(["plan", "Plan", "text"], ["paying", "Paying", "count"], ["trialing", "In trial", "count"], ["mrr", "MRR", "cents"]),
      rows: m.byPlan.map((r) => ({ plan: r.plan, paying: r.paying, trialing: r.trialing, mrr: r.mrrCents })),
      bar: { key: "paying", labelKey: "plan" },
      empty: "No live subscriptions.",
    },
    {
      id: "trial-conversion",
      title: "Trial-to-paid conversion",
      definitions: terms(
        ["Trials started", "Subscriptions whose free trial started in the month (UTC)."],
        ["Converted", "Of those, the ones charged later: a paid invoice above $0."],
        ["Still in trial", "Not converted yet and still in their trial; left out of the rate."],
        ["Conversion", "Converted ÷ (trials started − still in trial)."],
      ),
      columns: columns(
        ["month", "Month", "month"],
        ["started", "Trials started", "count"],
        ["converted", "Converted", "count"],
        ["stillInTrial", "Still in trial", "count"],
        ["notConverted", "Not converted", "count"],
        ["rate", "Conversion", "percent"],
      ),
      rows: m.trials.map((r) => ({ month: r.month, started: r.started, converted: r.converted, stillInTrial: r.stillInTrial, notConverted: r.notConverted, rate: r.rate })),
      bar: { key: "rate", labelKey: "month" },
      empty: "No trials in the last 12 months.",
    },
    {
      id: "churn",
      title: "Churn over 30 days",
      definitions: terms(
        ["Logo churn", "Business accounts with MRR 30 days ago and none now, ÷ accounts with MRR 30 days ago."],
        [
          "Revenue churn",
          "The MRR those accounts lost in the 30 days (the whole MRR of those that left, plus the fall of those that stayed) ÷ their MRR 30 days ago. Growth and new accounts do not offset it.",
        ],
        ["Source", SOURCE],
      ),
      columns: columns(["measure", "Measure", "text"], ["atStart", "30 days ago", "text"], ["lost", "Lost", "text"], ["rate", "Churn", "percent"]),
      rows: [
        { measure: "Logo churn", atStart: accounts(m.churn.accountsAtStart), lost: accounts(m.churn.accountsChurned), rate: m.churn.logoChurn },
        { measure: "Revenue churn", atStart: centsText(m.churn.mrrAtStartCents), lost: centsText(m.churn.mrrLostCents), rate: m.churn.revenueChurn },
      ],
      empty: "",
    },
    {
      id: "overage-revenue",
      title: "Overage revenue",
      definitions: terms(
        ["Overage revenue", "Overage entries billed in the month (UTC, by when they were submitted): their total, whether billed at once or added to the next invoice, by an admin or automatically."],
        ["Source", "Our overage entries (overage billing and auto-billing)."],
      ),
      columns: columns(["month", "Month", "month"], ["entries", "Entries billed", "count"], ["amount", "Overage revenue", "cents"]),
      rows: m.overage.map((r) => ({ month: r.month, entries: r.count, amount: r.cents })),
      bar: { key: "amount", labelKey: "month" },
      empty: "No overage billed in the last 12 months.",
    },
    {
      id: "failed-payments",
      title: "Failed payments",
      definitions: terms(
        [
          "Failed payments",
          "Invoices above $0 whose payment failed in the month (UTC), as recorded when the provider reported the failure; an invoice paid later still counts here, and in Recovered payments.",
        ],
        [
          "Before failures were recorded",
          "Invoices without a recorded failure (older than the record) are counted the earlier way, in the month they were issued: not collected, still open more than a day after they were issued or marked uncollectible. For those, an invoice paid later after a retry leaves this count.",
        ],
        ["Source", SOURCE],
      ),
      columns: columns(["month", "Month", "month"], ["invoices", "Invoices", "count"], ["amount", "Amount", "cents"]),
      rows: m.failedPayments.map((r) => ({ month: r.month, invoices: r.count, amount: r.cents })),
      bar: { key: "amount", labelKey: "month" },
      empty: "No failed payments in the last 12 months.",
    },
    {
      id: "recovered-payments",
      title: "Recovered payments",
      definitions: terms(
        [
          "Recovered payments",
          "Invoices above $0 whose payment failed and that are paid now (after a retry or a new card), counted in the month (UTC) the payment first failed, with the amount paid. The mirror records when a payment failed, not when it was paid.",
        ],
        [
          "Recovered share",
          "Recovered ÷ the month's failed payments recorded as failed; unknown when none was recorded. Failures counted the earlier way (before they were recorded) cannot be told as recovered.",
        ],
        ["Source", SOURCE],
      ),
      columns: columns(["month", "Month of the failure", "month"], ["invoices", "Invoices", "count"], ["amount", "Amount", "cents"], ["rate", "Recovered share", "percent"]),
      rows: m.recoveredPayments.map((r) => ({ month: r.month, invoices: r.count, amount: r.cents, rate: r.rate })),
      bar: { key: "amount", labelKey: "month" },
      empty: "No recovered payments in the last 12 months.",
    },
    {
      id: "units-by-plan",
      title: "Units by plan",
      definitions: terms(
        ["Units used", "Units of every live subscription's current usage month (from its billing anchor): its calls and conversations not credited as spam, plus usage recorded by an admin."],
        ["Included", "The plans' allowances for those months (Enterprise has no limit)."],
        ["Extra units and cost", "Units past each subscription's allowance and their price, by the same pricing as overage billing; months inside a free trial count nothing."],
      ),
      columns: columns(
        ["plan", "Plan", "text"],
        ["subscriptions", "Subscriptions", "count"],
        ["used", "Units used", "units"],
        ["included", "Included", "units"],
        ["extra", "Extra units", "units"],
        ["extraCost", "Extra cost", "cents"],
      ),
      rows: m.unitsByPlan.map((r) => ({ plan: r.plan, subscriptions: r.subscriptions, used: r.usedMilli, included: r.includedMilli, extra: r.extraMilli, extraCost: r.extraCostCents })),
      bar: { key: "used", labelKey: "plan" },
      empty: "No live subscriptions.",
    },
    {
      id: "closest-to-allowance",
      title: "Closest to or past their allowance",
      definitions: terms(
        ["Allowance used", "Units used in the current usage month ÷ the plan's included units; the 20 highest (plans with a limit only)."],
        ["Extra cost", "What the units past the allowance cost now (nothing for a month inside a free trial)."],
        ["Bill overage", "Opens the account's subscriptions in the admin console, where “Bill overage” bills it."],
      ),
      columns: columns(
        ["account", "Account", "text"],
        ["plan", "Plan", "text"],
        ["monthStart", "Usage month from", "text"],
        ["used", "Units used", "units"],
        ["included", "Included", "units"],
        ["share", "Allowance used", "percent"],
        ["extraCost", "Extra cost", "cents"],
      ),
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

type ColumnSpec = readonly [key: string, label: string, format: ColumnFormat];

/** A figure's columns, written as [key, label, format] rows. */
function columns(...specs: ColumnSpec[]): Column[] {
  return specs.map(([key, label, format]) => ({ key, label, format }));
}

/** A figure's definitions, written as [term, description] rows. */
function terms(...specs: Array<readonly [term: string, description: string]>): Figure["definitions"] {
  return specs.map(([term, description]) => ({ term, description }));
}

function accounts(n: number): string {
  return `${n} ${n === 1 ? "account" : "accounts"}`;
}

function centsText(cents: number): string {
  return formatMoney(cents, "USD");
}

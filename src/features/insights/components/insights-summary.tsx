import Link from "next/link";
import { BarChart3 } from "lucide-react";
import type { CurrentAccount } from "@/features/accounts/current-account.server";
import { insightsSummary } from "../insights-summary.server";
import { formatCount } from "./labels";

/**
 * The dashboard's Insights card (issue 26): the last 7 days' calls and
 * messages against the 7 before, and the way to /insights. A server
 * component with its own loader, so the dashboard only places it.
 */
export async function InsightsSummary({ account }: { account: Pick<CurrentAccount, "id" | "timeZone"> }) {
  const s = await insightsSummary(account);
  return (
    <section aria-labelledby="insights-summary-title" className="mt-6 rounded-lg border border-slate-200 bg-white p-4" data-testid="insights-summary">
      <h2 id="insights-summary-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <BarChart3 className="size-4" aria-hidden />
        Insights
      </h2>
      <p className="mt-2 text-slate-800">
        <span className="text-2xl font-bold text-slate-900">{formatCount(s.interactions)}</span> calls and messages in the last 7 days,{" "}
        {s.change.text.replace("the period before", "the 7 days before")}.
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {formatCount(s.answered)} answered, {formatCount(s.appointments)} {s.appointments === 1 ? "appointment" : "appointments"} booked.
      </p>
      <Link
        href="/insights?period=7"
        className="mt-2 inline-block rounded-sm text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        See all insights
      </Link>
    </section>
  );
}

import { can } from "@/features/accounts/permissions";
import type { CurrentAccount } from "@/features/accounts/current-account.server";
import { TimeZoneNote } from "@/features/interactions/components/time-zone-note";
import type { InsightsScreen } from "../data.server";
import { daysBetween } from "../insights-view";
import { DailySection } from "./daily-section";
import { HeatMap } from "./heat-map";
import { InsightsFilters } from "./insights-filters";
import { longDayLabel } from "./labels";
import { MonthSection } from "./month-section";
import { RevenueSection } from "./revenue-section";
import { TotalsStrip } from "./totals-strip";
import { TransfersSection } from "./transfers-section";

/** /insights (issue 26): the chosen period against the one before, its charts with their tables, the month's units and the estimate. */
export function InsightsPage({ screen, account }: { screen: InsightsScreen; account: Pick<CurrentAccount, "role"> }) {
  const { view, insights, aiEmployees, display } = screen;
  const days = daysBetween(view.from, view.to);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Insights</h1>
      <p className="mt-1 text-slate-700">What your AI employees did, when your callers call, and what it may be worth to you.</p>
      <TimeZoneNote display={display} canEditSettings={can(account.role, "settings.edit")} />
      <InsightsFilters view={view} aiEmployees={aiEmployees} />
      {view.error && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {view.error} Showing the last 30 days instead.
        </p>
      )}
      <p className="mt-4 text-sm text-slate-800" data-testid="insights-period">
        {`${longDayLabel(view.from)} to ${longDayLabel(view.to)} (${days} ${days === 1 ? "day" : "days"}), compared with ${longDayLabel(insights.previous.from)} to ${longDayLabel(insights.previous.to)}.`}
      </p>
      <TotalsStrip totals={insights.totals} previous={insights.previous.totals} />
      <DailySection series={insights.series} />
      <HeatMap heatmap={insights.heatmap} busy={screen.busy} />
      <TransfersSection transfers={insights.totals.transfersByDestination} />
      <MonthSection month={insights.month} projection={screen.projection} showDollars={screen.showDollars} />
      <RevenueSection
        view={view}
        revenue={screen.revenue}
        answeredAfterHours={insights.totals.answeredAfterHours}
        answeredBusyHours={screen.answeredBusyHours}
        appointments={insights.totals.appointments}
        showDollars={screen.showDollars}
        subscriptionMonthlyCents={screen.subscriptionMonthlyCents}
      />
    </section>
  );
}

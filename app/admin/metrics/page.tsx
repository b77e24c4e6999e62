import type { Metadata } from "next";
import { AdminToolPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { MetricFigure } from "@/features/admin-metrics/components/metric-figure";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { formatDateTime } from "@/lib/format";
import { loadMetricsScreen } from "./data.server";

export const metadata: Metadata = { title: "Metrics" };

/** The operator's revenue metrics (issue 26, ADR 0139), server-rendered from our mirror of the provider. */
async function Page() {
  const access = await requireAdmin("/admin/metrics");
  if (!access.ok) return access.element;
  const { now, figures } = await loadMetricsScreen();
  return (
    <AdminToolPage
      title="Metrics"
      intro={<>Revenue, subscriptions and usage, from our mirror of the payment provider. Months are calendar months in UTC; as of {formatDateTime(now, { timeZone: "UTC" })} UTC.</>}
    >
      <div className="mt-6 space-y-6">
        {figures.map((f) => (
          <MetricFigure key={f.id} figure={f} />
        ))}
      </div>
    </AdminToolPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

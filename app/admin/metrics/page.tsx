import type { Metadata } from "next";
import Link from "next/link";
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
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Metrics</h1>
          <p className="mt-1 text-slate-700">
            Revenue, subscriptions and usage, from our mirror of the payment provider. Months are calendar months in UTC; as of {formatDateTime(now, { timeZone: "UTC" })} UTC.
          </p>
        </div>
        <Link className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline" href="/admin">
          Back to Admin Dashboard
        </Link>
      </div>
      <div className="mt-6 space-y-6">
        {figures.map((f) => (
          <MetricFigure key={f.id} figure={f} />
        ))}
      </div>
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

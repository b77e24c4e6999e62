import "server-only";
import { adminMetricFigures } from "@/features/admin-metrics/data.server";

export type MetricsScreenData = { now: Date; figures: Awaited<ReturnType<typeof adminMetricFigures>> };

/** /admin/metrics: every figure, as of now, from our mirror of the provider (ADR 0139). */
export async function loadMetricsScreen(now = new Date()): Promise<MetricsScreenData> {
  return { now, figures: await adminMetricFigures({ now }) };
}

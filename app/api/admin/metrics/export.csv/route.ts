import { route } from "@/features/auth/route.server";
import { readQuery } from "@/lib/http/route";
import { metricsCsvQuerySchema } from "@/features/admin-metrics/metrics.schema";
import { adminMetricFigures } from "@/features/admin-metrics/data.server";
import { figureCsv } from "@/features/admin-metrics/csv";

/** GET /api/admin/metrics/export.csv?figure=<id>: one figure of /admin/metrics as a CSV download (admins only; ADR 0139). */
export const GET = route({ access: "admin" }, async ({ req }) => {
  const { figure: id } = readQuery(req, metricsCsvQuerySchema);
  const now = new Date();
  const figure = (await adminMetricFigures({ now })).find((f) => f.id === id)!;
  return new Response(figureCsv(figure), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="metrics-${id}-${now.toISOString().slice(0, 10)}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});

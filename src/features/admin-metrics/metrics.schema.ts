import { z } from "@/lib/zod";
import { FIGURE_IDS } from "./figures";

/** The query of GET /api/admin/metrics/export.csv: which figure. */
export const metricsCsvQuerySchema = z.object({
  figure: z.enum(FIGURE_IDS, { error: `figure must be one of: ${FIGURE_IDS.join(", ")}` }),
});

import { z } from "@/lib/zod";

/** GET /api/webhook-endpoints/{id}/deliveries?limit&cursor: `limit` 1–100 (default 20); `cursor` the `nextCursor` of the page before. */
export const deliveriesQuerySchema = z
  .object({
    limit: z.coerce.number({ error: "must be a whole number" }).int({ error: "must be a whole number" }).min(1, { error: "must be at least 1" }).max(100, { error: "must be at most 100" }).default(20),
    cursor: z.string().trim().min(1, { error: "must not be empty" }).max(200, { error: "must be at most 200 characters" }).optional(),
  })
  .meta({ id: "WebhookDeliveriesQuery" });

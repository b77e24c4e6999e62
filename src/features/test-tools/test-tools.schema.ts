import { z } from "@/lib/zod";

export const createTestSubscriptionSchema = z.object({
  testPriceId: z.string().trim().optional(),
  customerId: z.string().trim().optional(),
});

export const meterUsageSchema = z.object({
  customerId: z.string().trim().optional(),
  meterPriceId: z.string().trim().optional(),
  sessions: z
    .number({ message: "Sessions must be a whole number" })
    .int({ message: "Sessions must be a whole number" })
    .min(1, { message: "Sessions must be at least 1" })
    .max(10_000, { message: "Sessions must be at most 10,000" })
    .default(3),
});

export type CreateTestSubscriptionResponse = { success: boolean; customer?: { id: string }; subscription?: { id: string }; error?: string };
export type MeterUsageResponse = { success: boolean; meterUsage?: { invoice_id: string; total_amount_charged: number }; error?: string };

/** The defaults the Test tab shows, from configuration (GET-free: sent with the page). */
export type TestToolDefaults = { customerId: string; testPriceId: string; meterPriceId: string };

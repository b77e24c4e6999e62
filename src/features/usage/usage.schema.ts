import { z } from "zod";

const count = (label: string) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int({ message: `${label} must be a whole number` })
    .min(0, { message: `${label} must be 0 or more` })
    .max(1_000_000, { message: `${label} must be at most 1,000,000` });

/** The usage payload of spec 3 (POST /api/admin/add-usage and /api/admin/add-meter-usage). */
export const usagePayloadSchema = z.object({
  userId: z.string().min(1).optional(),
  subscriptionId: z.string({ message: "Please select a subscription first" }).min(1, { message: "Please select a subscription first" }),
  billingCycleId: z.string({ message: "Please select a billing cycle first" }).min(1, { message: "Please select a billing cycle first" }),
  phoneInboundUsage: count("Phone inbound usage").default(0),
  phoneOutboundUsage: count("Phone outbound usage").default(0),
  textInboundUsage: count("Text inbound usage").default(0),
  textOutboundUsage: count("Text outbound usage").default(0),
});
export type UsagePayload = z.input<typeof usagePayloadSchema>;

/** The usage categories, their payload field and their meter event name. */
export const USAGE_CATEGORIES = [
  { key: "phoneInbound", field: "phoneInboundUsage", event: "phone_inbound", label: "Phone inbound" },
  { key: "phoneOutbound", field: "phoneOutboundUsage", event: "phone_outbound", label: "Phone outbound" },
  { key: "textInbound", field: "textInboundUsage", event: "text_inbound", label: "Text inbound" },
  { key: "textOutbound", field: "textOutboundUsage", event: "text_outbound", label: "Text outbound" },
] as const;

/** JSON answer of the add-usage routes. */
export type AddUsageResponse = {
  success: true;
  message: string;
  usageRecord: {
    id: string;
    subscriptionId: string;
    billingCycleId: string;
    periodStart: string;
    periodEnd: string;
    phoneInbound: number;
    phoneOutbound: number;
    textInbound: number;
    textOutbound: number;
    reported: boolean;
  };
};

/** GET /api/admin/subscription-period */
export type SubscriptionPeriodResponse = {
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  billingCycles: Array<{ id: string; label: string; periodStart: string; periodEnd: string; isCurrent: boolean }>;
  /** Usage recorded here per billing cycle id (quick preview). */
  usageByCycle: Record<string, { phoneInbound: number; phoneOutbound: number; textInbound: number; textOutbound: number }>;
  limits: { phone: number | null; text: number | null };
};

import { z } from "@/lib/zod";

const count = (label: string) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int({ message: `${label} must be a whole number` })
    .min(0, { message: `${label} must be 0 or more` })
    .max(1_000_000, { message: `${label} must be at most 1,000,000` });

/** The usage payload of spec 3 (POST /api/admin/add-usage and /api/admin/add-meter-usage). */
export const usagePayloadSchema = z.object({
  accountId: z.string().min(1).optional(),
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

/** A count input's text: empty counts as 0 (as the payload's default does), anything else is read as a number. */
function countFromInput(value: string): number {
  return value.trim() === "" ? 0 : Number(value);
}

/** The /admin/usage 'Add Usage' form: its inputs as the payload, checked by usagePayloadSchema (accountId comes from the chosen subscription). */
export const usageFormSchema = z
  .object({
    subscriptionId: z.string(),
    billingCycleId: z.string(),
    phoneInboundUsage: z.string(),
    phoneOutboundUsage: z.string(),
    textInboundUsage: z.string(),
    textOutboundUsage: z.string(),
  })
  .transform((v): UsagePayload => ({
    subscriptionId: v.subscriptionId,
    billingCycleId: v.billingCycleId,
    phoneInboundUsage: countFromInput(v.phoneInboundUsage),
    phoneOutboundUsage: countFromInput(v.phoneOutboundUsage),
    textInboundUsage: countFromInput(v.textInboundUsage),
    textOutboundUsage: countFromInput(v.textOutboundUsage),
  }))
  .pipe(usagePayloadSchema);
export type UsageFormInput = z.input<typeof usageFormSchema>;
export type UsageFormOutput = z.output<typeof usageFormSchema>;

type FormProblem = { type?: unknown; message?: string } | undefined;

/**
 * The toast text for an 'Add Usage' form that did not validate, first problem
 * first (subscription, cycle, then each count). A count that is not a whole
 * number of 0 or more keeps the form's own wording; the upper bound gives the
 * server's message.
 */
export function usageFormProblem(errors: Partial<Record<keyof UsageFormInput, FormProblem>>): string {
  if (errors.subscriptionId) return "Please select a subscription first";
  if (errors.billingCycleId) return "Please select a billing cycle first";
  for (const c of USAGE_CATEGORIES) {
    const e = errors[c.field];
    if (!e) continue;
    return e.type === "too_big" && e.message ? e.message : `${c.label} usage must be a whole number, 0 or more`;
  }
  return "Please select a subscription first";
}

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
  /** `acceptsUsage` is false for a cycle the provider would no longer take meter events for (0019). */
  billingCycles: Array<{ id: string; label: string; periodStart: string; periodEnd: string; isCurrent: boolean; acceptsUsage: boolean }>;
  /** Usage recorded here per billing cycle id (quick preview). */
  usageByCycle: Record<string, { phoneInbound: number; phoneOutbound: number; textInbound: number; textOutbound: number }>;
  limits: { phone: number | null; text: number | null };
  /**
   * Each cycle's units from the AI employee's calls and messages (issue 13),
   * decimal: phone and text units, the units over each usage month's included
   * units summed over the cycle's months, and what they cost at the plan's
   * extra-unit price (cents). Spam-reported records count 0.
   */
  unitsByCycle: Record<string, CycleUnits>;
};

export type CycleUnits = { phone: number; text: number; includedPerMonth: number | null; months: number; extra: number; unitPriceCents: number; extraCostCents: number };

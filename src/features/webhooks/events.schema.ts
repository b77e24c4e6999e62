import { z } from "@/lib/zod";
import { INTERACTION_CHANNELS, INTERACTION_DIRECTIONS, INTERACTION_OUTCOMES } from "@/db/schema/enums";
import { WEBHOOK_EVENT_TYPES } from "./event-types";
import { SUBSCRIPTION_STATUSES } from "@/features/billing/subscription-state";

/**
 * The payloads of outbound webhook events (issue 25): one zod schema per
 * event type, the source of the docs (/docs/webhooks) and the OpenAPI
 * document's `webhooks` (/api/openapi.json). Payloads carry ids, the
 * summary, the outcome, units and links to the API, never the transcript
 * (fetched from the API with a key). Every body is `{ type, timestamp, data }`.
 */

/** A time as the payloads write it: ISO 8601 with its offset (toISOString's "…Z"). */
const dateTime = () => z.iso.datetime({ offset: true });

const links = z
  .object({
    /** The API resource with the whole record (transcript included), e.g. "https://…/api/interactions/<id>". */
    api: z.url(),
    /** The page in the portal (sign-in required). */
    portal: z.url(),
  })
  .meta({ id: "WebhookLinks" });

export const callEventDataSchema = z
  .object({
    id: z.string().meta({ description: "The call's id (the portal's /calls/<id>, the API's /api/interactions/<id>)." }),
    aiEmployeeId: z.string(),
    channel: z.enum(INTERACTION_CHANNELS),
    direction: z.enum(INTERACTION_DIRECTIONS),
    outcome: z.enum(INTERACTION_OUTCOMES),
    startedAt: dateTime(),
    durationSeconds: z.number().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    callerName: z.string().nullable(),
    summary: z.string().nullable(),
    appointmentBooked: z.boolean(),
    tags: z.array(z.string()),
    /** Units counted (thousandths shown as a decimal, e.g. 1.5). */
    units: z.number(),
    spamReported: z.boolean(),
    links,
  })
  .meta({ id: "CallEventData" });
export type CallEventData = z.infer<typeof callEventDataSchema>;

export const callUpdatedDataSchema = callEventDataSchema
  .extend({
    /** What changed: the summary or transcript arrived, or the call was reported as spam. */
    changes: z.array(z.enum(["summary", "transcript", "spam"])).min(1),
  })
  .meta({ id: "CallUpdatedData" });
export type CallUpdatedData = z.infer<typeof callUpdatedDataSchema>;

export const appointmentBookedDataSchema = z
  .object({
    callId: z.string(),
    aiEmployeeId: z.string(),
    startedAt: dateTime(),
    callerName: z.string().nullable(),
    from: z.string().nullable(),
    summary: z.string().nullable(),
    links,
  })
  .meta({ id: "AppointmentBookedData" });
export type AppointmentBookedData = z.infer<typeof appointmentBookedDataSchema>;

export const usageThresholdDataSchema = z
  .object({
    subscriptionId: z.string(),
    threshold: z.union([z.literal(80), z.literal(100)]),
    usageMonthStart: dateTime(),
    usageMonthEnd: dateTime(),
    usedUnits: z.number(),
    includedUnits: z.number(),
    planId: z.string(),
  })
  .meta({ id: "UsageThresholdData" });

export const subscriptionUpdatedDataSchema = z
  .object({
    subscriptionId: z.string(),
    aiEmployeeId: z.string().nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    planId: z.string(),
    trialEnd: dateTime().nullable(),
    currentPeriodEnd: dateTime().nullable(),
    cancelAtPeriodEnd: z.boolean(),
  })
  .meta({ id: "SubscriptionUpdatedData" });

export const invoiceEventDataSchema = z
  .object({
    invoiceId: z.string(),
    subscriptionId: z.string().nullable(),
    /** Integer cents. */
    amountCents: z.number().int(),
    currency: z.string(),
    status: z.string(),
    links: z.object({ portal: z.url() }),
  })
  .meta({ id: "InvoiceEventData" });

/** Each event type's data. */
export const EVENT_DATA_SCHEMAS = {
  "call.completed": callEventDataSchema,
  "call.updated": callUpdatedDataSchema,
  "appointment.booked": appointmentBookedDataSchema,
  "usage.threshold_reached": usageThresholdDataSchema,
  "subscription.updated": subscriptionUpdatedDataSchema,
  "invoice.paid": invoiceEventDataSchema,
  "invoice.payment_failed": invoiceEventDataSchema,
} as const satisfies Record<(typeof WEBHOOK_EVENT_TYPES)[number], z.ZodType>;

export type EventDataOf<T extends keyof typeof EVENT_DATA_SCHEMAS> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

/** The body of every delivery: `{ type, timestamp, data }` (Standard Webhooks' recommended shape). */
export function eventEnvelopeSchema<T extends keyof typeof EVENT_DATA_SCHEMAS>(type: T) {
  return z.object({ type: z.literal(type), timestamp: dateTime(), data: EVENT_DATA_SCHEMAS[type] });
}

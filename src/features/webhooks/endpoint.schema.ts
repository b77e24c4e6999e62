import { z } from "@/lib/zod";
import { WEBHOOK_EVENT_TYPES } from "./event-types";

/**
 * The webhook endpoint API's bodies and answers (issue 25), shared by the
 * routes, the page and the OpenAPI document.
 */
const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}` }))
  .min(1, { error: "choose at least one event type" })
  .transform((list) => [...new Set(list)]);

export const endpointCreateSchema = z
  .object({
    url: z.string({ error: "must be text" }).trim().min(1, { error: "is required" }).max(2000, { error: "must be at most 2000 characters" }),
    description: z.string({ error: "must be text" }).trim().max(200, { error: "must be at most 200 characters" }).default(""),
    eventTypes,
    enabled: z.boolean({ error: "must be true or false" }).default(true),
  })
  .strict()
  .meta({ id: "WebhookEndpointCreate" });
export type EndpointCreate = z.infer<typeof endpointCreateSchema>;

export const endpointPatchSchema = z
  .object({
    url: endpointCreateSchema.shape.url.optional(),
    description: z.string({ error: "must be text" }).trim().max(200, { error: "must be at most 200 characters" }).optional(),
    eventTypes: eventTypes.optional(),
    enabled: z.boolean({ error: "must be true or false" }).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: "nothing to change: send url, description, eventTypes or enabled" })
  .meta({ id: "WebhookEndpointPatch" });
export type EndpointPatch = z.infer<typeof endpointPatchSchema>;

export const testEventSchema = z
  .object({ type: z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}` }) })
  .strict()
  .meta({ id: "WebhookTestEvent" });

const instant = () => z.iso.datetime({ offset: true });

/** An endpoint as the API answers it (never its secret, except once in `EndpointCreated`/`SecretRotated`). */
export const endpointViewSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabledReason: z
      .enum(["gone", "failing"])
      .nullable()
      .meta({ description: 'Why the product turned it off: "gone" (the endpoint answered 410) or "failing" (5 days without a success); null otherwise.' }),
    failingSince: instant().nullable().meta({ description: "The first failure since the last success; null while it succeeds." }),
    previousSecretExpiresAt: instant().nullable().meta({ description: "Until when the previous secret is still valid after a rotation; null when there is none." }),
    createdAt: instant(),
  })
  .meta({ id: "WebhookEndpoint" });
export type EndpointView = z.infer<typeof endpointViewSchema>;

/** GET /api/webhook-endpoints. */
export const endpointListSchema = z.object({ items: z.array(endpointViewSchema) }).meta({ id: "WebhookEndpointList" });

/** POST /api/webhook-endpoints (201): the endpoint and its secret, shown this once. */
export const endpointCreatedSchema = endpointViewSchema.extend({ secret: z.string().meta({ description: 'The signing secret ("whsec_…"), shown this once.' }) }).meta({ id: "WebhookEndpointCreated" });
export type EndpointCreated = z.infer<typeof endpointCreatedSchema>;

/** POST /api/webhook-endpoints/{id}/rotate-secret: the new secret, shown this once; the old one stays valid 24 hours. */
export const secretRotatedSchema = z
  .object({ endpoint: endpointViewSchema, secret: z.string().meta({ description: 'The new signing secret ("whsec_…"), shown this once.' }) })
  .meta({ id: "WebhookSecretRotated" });
export type SecretRotated = z.infer<typeof secretRotatedSchema>;

export const deliveryAttemptViewSchema = z
  .object({
    id: z.string(),
    attemptedAt: instant(),
    statusCode: z.number().int().nullable().meta({ description: "The HTTP status, or null when no answer came." }),
    response: z.string().meta({ description: "The first 2 KB of the answer, or what went wrong." }),
    durationMs: z.number(),
    trigger: z.enum(["retry", "resend", "test"]),
  })
  .meta({ id: "WebhookDeliveryAttempt" });
export type DeliveryAttemptView = z.infer<typeof deliveryAttemptViewSchema>;

/** GET /api/webhook-endpoints/{id}/deliveries items, newest first. */
export const deliveryViewSchema = z
  .object({
    id: z.string(),
    eventId: z.string().meta({ description: "The event's id: the `webhook-id` header of every attempt and resend." }),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.number().int(),
    nextAttemptAt: instant().nullable(),
    lastStatusCode: z.number().int().nullable(),
    createdAt: instant(),
    attemptLog: z.array(deliveryAttemptViewSchema),
  })
  .meta({ id: "WebhookDelivery" });
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

/** GET /api/webhook-endpoints/{id}/deliveries. */
export const deliveryPageSchema = z
  .object({
    items: z.array(deliveryViewSchema).meta({ description: "Newest first." }),
    nextCursor: z.string().nullable().meta({ description: "Pass it as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "WebhookDeliveryPage" });

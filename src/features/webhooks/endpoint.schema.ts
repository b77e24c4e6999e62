import { z } from "@/lib/zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";

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

export const testEventSchema = z.object({ type: z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}` }) }).strict().meta({ id: "WebhookTestEvent" });

/** An endpoint as the API answers it (never its secret, except once in `EndpointCreated`/`SecretRotated`). */
export type EndpointView = {
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  /** Why the product turned it off: "gone" (the endpoint answered 410) or "failing" (5 days without a success); null otherwise. */
  disabledReason: "gone" | "failing" | null;
  /** The first failure since the last success, ISO; null while it succeeds. */
  failingSince: string | null;
  /** Until when the previous secret is still valid after a rotation, ISO; null when there is none. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
};

/** POST /api/webhook-endpoints (201): the endpoint and its secret, shown this once. */
export type EndpointCreated = EndpointView & { secret: string };
/** POST /api/webhook-endpoints/{id}/rotate-secret: the new secret, shown this once; the old one stays valid 24 hours. */
export type SecretRotated = { endpoint: EndpointView; secret: string };

export type DeliveryAttemptView = {
  id: string;
  attemptedAt: string;
  /** The HTTP status, or null when no answer came. */
  statusCode: number | null;
  /** The first 2 KB of the answer, or what went wrong. */
  response: string;
  durationMs: number;
  trigger: "retry" | "resend" | "test";
};

/** GET /api/webhook-endpoints/{id}/deliveries items, newest first. */
export type DeliveryView = {
  id: string;
  /** The event's id: the `webhook-id` header of every attempt and resend. */
  eventId: string;
  eventType: WebhookEventType;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  createdAt: string;
  attemptLog: DeliveryAttemptView[];
};

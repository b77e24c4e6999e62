import "server-only";
import { z } from "@/lib/zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { eventEnvelopeSchema } from "@/features/webhooks/events.schema";
import { EVENT_TYPE_DESCRIPTIONS, RETRY_SCHEDULE_SECONDS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/features/webhooks/event-types";
import { sampleEventData } from "@/features/webhooks/samples";
import { durationWords, listWords } from "./words";

/**
 * The events an account's webhook endpoints receive, as the OpenAPI
 * document's top-level `webhooks` (OpenAPI 3.1): one entry per event type,
 * its body the event's envelope schema (events.schema.ts), its example the
 * sample of samples.ts, its parameters the Standard Webhooks headers.
 */

/** "call.completed" → "CallCompletedEvent", the component's name. */
export function eventComponentId(type: WebhookEventType): string {
  return `${type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("")}Event`;
}

/** Each event type's body schema, registered once as a component (a zod id may be registered only once). */
export const EVENT_ENVELOPE_SCHEMAS = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [type, eventEnvelopeSchema(type).meta({ id: eventComponentId(type), description: EVENT_TYPE_DESCRIPTIONS[type] })]),
) as { [T in WebhookEventType]: ReturnType<typeof eventEnvelopeSchema<T>> };

/** The Standard Webhooks headers every delivery carries. */
export const webhookHeadersSchema = z.object({
  "webhook-id": z.string().meta({ description: "The event's id: the same on every retry and resend. Use it to ignore an event you already handled.", example: "evt_2f1c3e6a9b7d" }),
  "webhook-timestamp": z
    .string()
    .regex(/^\d+$/)
    .meta({ description: "When this attempt was signed, in seconds since 1970 (UTC). Refuse a timestamp more than 5 minutes from your clock.", example: "1795788180" }),
  "webhook-signature": z.string().meta({
    description:
      'Space-separated signatures "v1,<base64>": HMAC-SHA256 with the endpoint\'s secret of "<webhook-id>.<webhook-timestamp>.<body>". Two during the 24 hours after a secret rotation: accept the request when one matches.',
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

/** The envelope of one event type with its sample data, the timestamp of the sample call. */
export function sampleEnvelope<T extends WebhookEventType>(type: T, baseUrl: string) {
  return { type, timestamp: "2026-11-26T14:06:10.000Z", data: sampleEventData(baseUrl)[type] };
}

export function webhookEvents(baseUrl: string): ZodOpenApiPathsObject {
  const retries = listWords(RETRY_SCHEDULE_SECONDS.map(durationWords));
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `${type}Event`,
          tags: ["Events"],
          summary: EVENT_TYPE_DESCRIPTIONS[type],
          description: `Sent as a POST to each enabled endpoint subscribed to \`${type}\`, signed with the Standard Webhooks headers.`,
          requestParams: { header: webhookHeadersSchema },
          requestBody: { required: true, content: { "application/json": { schema: EVENT_ENVELOPE_SCHEMAS[type], example: sampleEnvelope(type, baseUrl) } } },
          responses: {
            "2XX": { description: "Received. Answer within 15 seconds; the body is ignored (its first 2 KB are kept in the delivery log)." },
            "410": { description: "Gone: the endpoint is turned off and nothing more is sent to it." },
            "429": { description: "Too many requests: retried, and the next attempts to this endpoint are spaced out." },
            "502": { description: "Bad gateway: retried, and the next attempts to this endpoint are spaced out." },
            "504": { description: "Gateway timeout: retried, and the next attempts to this endpoint are spaced out." },
            default: { description: `Anything else, or no answer in 15 seconds, is retried after ${retries}.` },
          },
        },
      },
    ]),
  );
}

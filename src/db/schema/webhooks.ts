import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt, timestamps, cascadeRef } from "./columns";
import { accountRef } from "./accounts";

/**
 * Issue 25: a business's outbound webhook endpoints (Standard Webhooks 1.0).
 * Each belongs to its account (the one scoping helper is
 * `ownedEndpoint(accountId, id)` in src/features/webhooks).
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    accountId: accountRef(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Why it was turned off by the product: "gone" (410) | "failing" (5 days of failures); null when on or turned off by a person. */
    disabledReason: text("disabled_reason"),
    /** The whsec_ secret, sealed (lib/secrets sealSecret); shown once. */
    secret: text("secret").notNull(),
    /** After a rotation: the old secret, valid (and signed with) until `previousSecretExpiresAt`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    /** The first failed attempt since the last success; null while deliveries succeed. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** After a 429, 502 or 504: no attempt before this time. */
    slowUntil: timestamp("slow_until", { withTimezone: true }),
    /** The current slow-down step in seconds (doubles on each 429/502/504, reset on success). */
    slowStepSeconds: integer("slow_step_seconds").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("webhook_endpoints_account_idx").on(t.accountId)],
);

/** One event that happened in an account; its id (msg_…) is the `webhook-id` of every delivery and resend. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    accountId: accountRef(),
    type: text("type").notNull(),
    /** The whole body sent: { type, timestamp, data }. */
    payload: jsonb("payload").notNull().$type<Record<string, unknown>>(),
    /** What makes the same happening one event (e.g. "call.completed:<interaction id>"). */
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webhook_events_dedupe_idx").on(t.accountId, t.dedupeKey), index("webhook_events_created_idx").on(t.createdAt)],
);

/** One event to one endpoint: exactly one row, whatever retries or instances do. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    eventId: cascadeRef("event_id", () => webhookEvents.id),
    endpointId: cascadeRef("endpoint_id", () => webhookEndpoints.id),
    accountId: accountRef(),
    /** pending | succeeded | failed (retries used up, or the endpoint disabled) */
    status: text("status").notNull().$type<"pending" | "succeeded" | "failed">(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** An attempt in flight holds the delivery until this time (a second instance does not send it meanwhile). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("webhook_deliveries_event_endpoint_idx").on(t.eventId, t.endpointId), index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt)],
);

/** Each HTTP attempt of a delivery (kept 30 days): its status, time and the first 2 KB of the answer. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: cascadeRef("delivery_id", () => webhookDeliveries.id),
    endpointId: cascadeRef("endpoint_id", () => webhookEndpoints.id),
    /** The HTTP status, or null when no answer came (timeout, refused). */
    statusCode: integer("status_code"),
    /** The first 2 KB of the answer's body, or what went wrong. */
    response: text("response").notNull().default(""),
    durationMs: integer("duration_ms").notNull(),
    /** "retry" | "resend" | "test": why it was sent. */
    trigger: text("trigger").notNull().default("retry"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt), index("webhook_attempts_at_idx").on(t.attemptedAt)],
);

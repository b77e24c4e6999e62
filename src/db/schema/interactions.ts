import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt, cascadeRef } from "./columns";
import { organization } from "./accounts";
import { user } from "./auth";
import { subscriptions } from "./billing";
import { aiReadyOrders } from "./orders";
import { interactionChannel, interactionDirection, interactionOutcome } from "./enums";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** One turn of a conversation, as the platform reported it. */
export type TranscriptTurn = { speaker: "agent" | "caller"; text: string; at?: string };

/** Keys for the voice and chat platform's calls to the ingestion API (ADR 0101). The key itself is never stored. */
export const apiKeys = pgTable("api_keys", {
  id: id(),
  name: text("name").notNull(),
  /** SHA-256 of the key, hex. */
  keyHash: text("key_hash").notNull().unique(),
  /** The key's first characters, shown in the list so an admin can tell keys apart. */
  keyPrefix: text("key_prefix").notNull(),
  createdBy: text("created_by"),
  createdAt: createdAt(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  /** The per-key rate limit's fixed window: its start and the requests counted in it. */
  windowStart: timestamp("window_start", { withTimezone: true }),
  windowCount: integer("window_count").notNull().default(0),
  /**
   * What the key may write (issue 21): `platform`, one voice platform
   * integration, every AI employee (the operator's platform); `customer`, the
   * AI employees of `scopeUserId` only.
   */
  scope: text("scope").notNull().default("platform").$type<"platform" | "customer">(),
  /** The integration a platform key belongs to ("retell", "vapi", "default"): its records share one id space. */
  platform: text("platform"),
  /** The customer a customer key writes for. */
  scopeAccountId: text("scope_account_id").references(() => organization.id, { onDelete: "cascade" }),
});

/**
 * A call, text conversation or chat an AI employee handled, as the platform
 * reported it when it ended (issue 13). `id` is the platform's session id: the
 * idempotency key. Units are integer thousandths (spec 9 rules, units.ts).
 */
export const interactions = pgTable(
  "interactions",
  {
    /** Our id (a UUID; records stored before issue 21 keep the sender's id). */
    id: id(),
    /**
     * Where the record came from (issue 21): `platform:<integration>` for a
     * platform key or a platform's webhook, `customer:<account id>` for a
     * customer key. The sender's `id` is unique within its source only.
     */
    sourceKey: text("source_key").notNull(),
    /** The sender's id for the record: the idempotency key within its source. */
    externalId: text("external_id").notNull(),
    aiReadyOrderId: cascadeRef("ai_ready_order_id", () => aiReadyOrders.id),
    /** The business account that owns the AI employee when the record arrived (null: not claimed yet). */
    accountId: text("account_id").references(() => organization.id, { onDelete: "set null" }),
    /** The subscription the units count against (null: none active or trialing; ADR 0143). */
    subscriptionId: text("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** Start of the subscription's usage month the record falls in (null without a subscription). */
    usageMonthStart: timestamp("usage_month_start", { withTimezone: true }),
    channel: interactionChannel("channel").notNull(),
    direction: interactionDirection("direction").notNull(),
    outcome: interactionOutcome("outcome").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Phone: the call's length in milliseconds. */
    durationMs: integer("duration_ms"),
    /** Text channels: messages the AI employee sent. */
    agentMessages: integer("agent_messages"),
    fromNumber: text("from_number"),
    toNumber: text("to_number"),
    summary: text("summary"),
    /** The caller's name as the AI employee understood it (ingestion `callerName`, Retell's analysis); null when not given. */
    callerName: text("caller_name"),
    transcript: jsonb("transcript").$type<TranscriptTurn[]>(),
    recordingUrl: text("recording_url"),
    appointmentBooked: boolean("appointment_booked").notNull().default(false),
    /** Where the call was transferred (a number or SIP URI) when the platform said (issue 26, ADR 0136). */
    transferDestination: text("transfer_destination"),
    /**
     * Whether the record started while its AI employee's business was closed
     * (its opening hours and closed days when it arrived; ADR 0136); null when
     * the AI employee had no hours set.
     */
    afterHours: boolean("after_hours"),
    /** Whether the recording announcement was played at the start of the call (issue 24); null when the platform did not say. */
    recordingAnnounced: boolean("recording_announced"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    unitsMilli: integer("units_milli").notNull(),
    /** Which rule of spec 9 gave the units (units.ts). */
    unitRule: text("unit_rule").notNull(),
    /** Reported as spam by the customer: its units are credited (count 0). */
    spamReportedAt: timestamp("spam_reported_at", { withTimezone: true }),
    /**
     * A spam report past the self-service cap (issue 21): `pending` until an
     * admin decides; `approved` credits it (spamReportedAt set then),
     * `declined` leaves the units counted.
     */
    spamReview: text("spam_review").$type<"pending" | "approved" | "declined">(),
    spamReviewRequestedAt: timestamp("spam_review_requested_at", { withTimezone: true }),
    /**
     * Why the record counts toward no billed month (issue 21): `before_service`,
     * dated before its AI employee or subscription existed; `late`, it arrived
     * after its month was closed (overage billed or the meter window over).
     */
    billingNote: text("billing_note").$type<"before_service" | "late">(),
    source: text("source").notNull().$type<"api" | "retell">(),
    apiKeyId: text("api_key_id"),
    /** When retention removed the transcript, recording and numbers (units kept). */
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
    /**
     * The "needs attention" inbox (issue 23, ADR 0115): when a member marked
     * the record handled, and who. Shared by the account's members; cleared
     * by an undo.
     */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledByUserId: text("handled_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Full-text search over the summary and the transcript's words (the call log's search). */
    search: tsvector("search").generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(summary, '')) || jsonb_to_tsvector('english', jsonb_path_query_array(coalesce(transcript, '[]'::jsonb), '$[*].text'), '["string"]')`,
    ),
  },
  (t) => [
    // Idempotency per source (issue 21): the same sender id from two sources is two records.
    uniqueIndex("interactions_source_external_idx").on(t.sourceKey, t.externalId),
    // Spam reports waiting for an admin.
    index("interactions_spam_review_idx")
      .on(t.spamReviewRequestedAt)
      .where(sql`spam_review = 'pending'`),
    // The call log: the customer's records, newest first (keyset order).
    // NULLS FIRST as ORDER BY ... DESC has it: otherwise the index cannot give the order (ADR 0096).
    index("interactions_account_started_idx").on(t.accountId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The "needs attention" inbox (ADR 0115): the account's unhandled records, newest first.
    index("interactions_attention_idx")
      .on(t.accountId, t.startedAt.desc().nullsFirst())
      .where(sql`handled_at is null`),
    // Its recently handled records, the last handled first.
    index("interactions_handled_idx")
      .on(t.accountId, t.handledAt.desc().nullsFirst())
      .where(sql`handled_at is not null`),
    // Month totals and alerts; units and spam credit in the index, so /admin/metrics sums every live subscription's month from it alone (index-only).
    index("interactions_subscription_month_idx").on(t.subscriptionId, t.usageMonthStart, t.unitsMilli, t.spamReportedAt),
    index("interactions_search_idx").using("gin", t.search),
    index("interactions_numbers_trgm_idx").using("gin", sql`${interactionNumberDigits(t)} gin_trgm_ops`),
    // An AI employee's records: its claim gives them their customer; deleting it cascades.
    index("interactions_order_idx").on(t.aiReadyOrderId),
    // Retention finds the old records still holding conversation data.
    index("interactions_retention_idx")
      .on(t.startedAt)
      .where(sql`anonymized_at is null`),
  ],
);

/**
 * What the call log's number search matches: the digits of both numbers (the
 * caller's, and the one called), however they were written. The expression of
 * `interactions_numbers_trgm_idx`; a query must repeat it exactly (ADR 0100).
 */
export function interactionNumberDigits(t: { fromNumber: AnyColumn; toNumber: AnyColumn }): SQL {
  // In parentheses: an index expression that is not a function call must be.
  return sql`(regexp_replace(coalesce(${t.fromNumber}, ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(${t.toNumber}, ''), '[^0-9]', '', 'g'))`;
}

/** A usage alert sent: one per subscription, usage month and threshold, never twice (the key makes sure). */
export const usageAlerts = pgTable(
  "usage_alerts",
  {
    subscriptionId: cascadeRef("subscription_id", () => subscriptions.id),
    usageMonthStart: timestamp("usage_month_start", { withTimezone: true }).notNull(),
    /** Percent of the month's included units: 80 or 100. */
    threshold: integer("threshold").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.usageMonthStart, t.threshold] })],
);

/**
 * What the provider's meters were told of each subscription's usage month and
 * category (meter-report.server.ts): whole units reported, a report under way
 * (`pendingUnits`), and `dirty` when new units or a spam credit arrived since.
 */
export const meterReports = pgTable(
  "meter_reports",
  {
    subscriptionId: cascadeRef("subscription_id", () => subscriptions.id),
    usageMonthStart: timestamp("usage_month_start", { withTimezone: true }).notNull(),
    /** The meter's event name: phone_inbound, phone_outbound, text_inbound, text_outbound. */
    category: text("category").notNull(),
    reportedUnits: integer("reported_units").notNull().default(0),
    pendingUnits: integer("pending_units"),
    dirty: boolean("dirty").notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.usageMonthStart, t.category] }),
    index("meter_reports_due_idx")
      .on(t.subscriptionId)
      .where(sql`dirty or pending_units is not null`),
  ],
);

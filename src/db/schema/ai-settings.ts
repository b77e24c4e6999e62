import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, cascadeRef } from "./columns";
import { user } from "./auth";
import { accountRef } from "./accounts";
import { aiReadyOrders } from "./orders";

/**
 * Issue 24: what a customer sets for an AI employee. Each save is a new
 * version (never edited afterwards); the rows belong to the AI employee and
 * reach their business account through it (ai_ready_orders.account_id), so
 * the one scoping helper is `ownedAiEmployee()` in src/features/ai-settings.
 * The document is the API's settings document without the booking key.
 */
export const aiEmployeeSettingsVersions = pgTable(
  "ai_employee_settings_versions",
  {
    aiReadyOrderId: cascadeRef("ai_ready_order_id", () => aiReadyOrders.id),
    /** 1, 2, 3 … per AI employee. */
    version: integer("version").notNull(),
    document: jsonb("document").notNull().$type<Record<string, unknown>>(),
    /** The top-level keys that differ from the previous version (all keys for version 1). */
    changed: text("changed").array().notNull(),
    /** Who saved it: a member of the account, an operator admin, or the product (defaults, restores keep the restorer). */
    authorKind: text("author_kind").notNull().$type<"member" | "operator" | "system">(),
    authorUserId: text("author_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The author's name when saved (kept if the user is later removed). */
    authorName: text("author_name").notNull(),
    /** Set when the version restores an earlier one. */
    restoredFrom: integer("restored_from"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.aiReadyOrderId, t.version] })],
);

/**
 * One row per AI employee with settings: the current version, the Cal.com key
 * (encrypted; never returned), the spend-limit mode in force, and how far the
 * voice platform has caught up (the sync state the settings page shows).
 */
export const aiEmployeeSettings = pgTable(
  "ai_employee_settings",
  {
    aiReadyOrderId: text("ai_ready_order_id")
      .primaryKey()
      .references(() => aiReadyOrders.id, { onDelete: "cascade" }),
    currentVersion: integer("current_version").notNull(),
    /** AES-256-GCM of the Cal.com API key (key derived from the signing secret), base64url "iv.tag.data". */
    bookingKeyCiphertext: text("booking_key_ciphertext"),
    /** The key's last four characters, for the masked display. */
    bookingKeyLast4: text("booking_key_last4"),
    /** The spend limit's mode in force: `normal`, or `messages_only` after the limit was reached this usage month. */
    spendMode: text("spend_mode").notNull().default("normal").$type<"normal" | "messages_only">(),
    /** The usage month (its start) in which messages-only was switched on; it ends with that month. */
    spendModeMonthStart: timestamp("spend_mode_month_start", { withTimezone: true }),
    spendModeSince: timestamp("spend_mode_since", { withTimezone: true }),
    /** When that usage month ends: messages only lasts until then (the settings page and dashboard say so). */
    spendModeUntil: timestamp("spend_mode_until", { withTimezone: true }),
    /** The voice platform's copy: `updating` (a push is queued or running), `live`, or `failed` (retrying). */
    syncState: text("sync_state").notNull().default("updating").$type<"updating" | "live" | "failed">(),
    /** What the platform has: the version and spend mode last pushed successfully, and since when. */
    liveVersion: integer("live_version"),
    liveSpendMode: text("live_spend_mode").$type<"normal" | "messages_only">(),
    liveSince: timestamp("live_since", { withTimezone: true }),
    /** The platform's reason for the last failure, shown to the customer. */
    syncError: text("sync_error"),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    /** The platform's ids once created (Retell: agent and LLM). */
    platformAgentId: text("platform_agent_id"),
    platformLlmId: text("platform_llm_id"),
    updatedAt: updatedAt(),
  },
  (t) => [index("ai_employee_settings_retry_idx").on(t.nextRetryAt)],
);

/** Numbers a business account marks as its own testers: their calls are tagged `test` and free, 10 a month (issue 24). */
export const accountTesterNumbers = pgTable(
  "account_tester_numbers",
  {
    accountId: accountRef(),
    /** E.164. */
    number: text("number").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.number] })],
);

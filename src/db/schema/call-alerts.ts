import { boolean, index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt, timestamps, cascadeRef } from "./columns";
import { accountRef } from "./accounts";
import { user } from "./auth";
import { interactions } from "./interactions";

/**
 * Issue 25: who is told about a call, how and when. A rule belongs to its
 * business account (the one scoping helper is `ownedRule(accountId, id)` in
 * src/features/call-alerts).
 */
export const notificationRules = pgTable(
  "notification_rules",
  {
    id: id(),
    accountId: accountRef(),
    name: text("name").notNull(),
    channel: text("channel").notNull().$type<"email" | "sms">(),
    /** every_call | leads_and_bookings | missed_and_voicemail | urgent | phrase */
    condition: text("condition").notNull().$type<"every_call" | "leads_and_bookings" | "missed_and_voicemail" | "urgent" | "phrase">(),
    /** The word or phrase looked for in the summary (condition `phrase`), else null. */
    phrase: text("phrase"),
    /** The AI employees it covers (ai_ready_orders ids); empty: all of the account's. */
    aiEmployeeIds: text("ai_employee_ids").array().notNull().default([]),
    /** Members of the account it reaches (user ids). */
    memberUserIds: text("member_user_ids").array().notNull().default([]),
    /** Extra recipients: e-mail addresses (channel email) or E.164 mobile numbers (channel sms). */
    extraRecipients: text("extra_recipients").array().notNull().default([]),
    /** Quiet hours in the account's time zone, "HH:MM"; both null: none. SMS is held until `quietEnd`; e-mail is sent. */
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("notification_rules_account_idx").on(t.accountId)],
);

/**
 * A recipient who turned a rule off for themselves (member preferences, or the
 * one-click unsubscribe). `recipient` is a lower-cased e-mail address or an
 * E.164 number.
 */
export const notificationOptOuts = pgTable(
  "notification_opt_outs",
  {
    ruleId: cascadeRef("rule_id", () => notificationRules.id),
    recipient: text("recipient").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.recipient] })],
);

/** One row per (call, rule, recipient): the row's insert is what makes each notification go out exactly once. */
export const callNotifications = pgTable(
  "call_notifications",
  {
    interactionId: cascadeRef("interaction_id", () => interactions.id),
    ruleId: cascadeRef("rule_id", () => notificationRules.id),
    recipient: text("recipient").notNull(),
    accountId: accountRef(),
    channel: text("channel").notNull().$type<"email" | "sms">(),
    /** sent (its own message) | batched (waiting for a burst's one message) | summarised (told in a burst's message) */
    status: text("status").notNull().$type<"sent" | "batched" | "summarised">(),
    /** The e-mail_messages or sms_messages row that told it. */
    messageId: text("message_id"),
    /** Whether the summary was there when it was sent (else the 2-minute wait ran out). */
    withSummary: boolean("with_summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.interactionId, t.ruleId, t.recipient] }), index("call_notifications_burst_idx").on(t.ruleId, t.recipient, t.status, t.createdAt)],
);

/** A member's own choices about the daily summary (the rules they receive are opt-outs above). */
export const memberNotificationPrefs = pgTable(
  "member_notification_prefs",
  {
    accountId: accountRef(),
    userId: cascadeRef("user_id", () => user.id),
    /** Receive the 08:00 daily summary. */
    dailySummary: boolean("daily_summary").notNull().default(true),
    /** Receive it also on days with no activity. */
    dailySummaryWhenQuiet: boolean("daily_summary_when_quiet").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

/** One daily summary per (account, member, local date): sent exactly once. */
export const dailySummaries = pgTable(
  "daily_summaries",
  {
    accountId: accountRef(),
    userId: cascadeRef("user_id", () => user.id),
    /** The day it summarises (yesterday in the account's time zone), YYYY-MM-DD. */
    day: text("day").notNull(),
    /** sent | skipped (no activity, and the member did not ask for quiet days) */
    status: text("status").notNull().$type<"sent" | "skipped">(),
    emailId: text("email_id"),
    counts: jsonb("counts").$type<Record<string, number>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.day] })],
);

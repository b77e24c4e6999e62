import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { notificationPriority } from "./enums";
import { accountRef } from "./accounts";

/** Admin notifications (new leads, contact messages, subscription events). */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    priority: notificationPriority("priority").notNull().default("normal"),
    isRead: boolean("is_read").notNull().default(false),
    /** Provider event id or similar, so the same event never notifies twice. */
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_created_idx").on(t.createdAt),
    // Unread first, then newest: the keyset order of the admin list (ADR 0096).
    index("notifications_unread_created_id_idx").on(t.isRead.asc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("notifications_search_trgm_idx").using("gin", sql`${notificationSearchText(t)} gin_trgm_ops`),
  ],
);

/** What the admin search matches for a notification: title and message, the expression of `notifications_search_trgm_idx` (ADR 0100). */
export function notificationSearchText(t: { title: AnyColumn; message: AnyColumn }): SQL {
  return sql`lower(${t.title} || ' ' || ${t.message})`;
}

/** Notices to a customer, shown in the portal (usage alerts; issue 13). `dedupeKey` makes each one once. */
export const customerNotices = pgTable(
  "customer_notices",
  {
    id: id(),
    accountId: accountRef(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    dedupeKey: text("dedupe_key").unique(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("customer_notices_account_created_idx").on(t.accountId, t.createdAt.desc())],
);

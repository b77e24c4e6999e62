import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { notificationPriority } from "./enums";

/** Admin notifications (new leads, contact messages, subscription events). */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    priority: notificationPriority("priority").notNull().default("normal"),
    isRead: boolean("is_read").notNull().default(false),
    /** Provider event id or similar, so the same event never notifies twice. */
    dedupeKey: text("dedupe_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_created_idx").on(t.createdAt)],
);

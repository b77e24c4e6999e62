import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { emailStatus } from "./enums";

/** Every e-mail the product sends; with SMTP it records delivery, without it is the outbox admins read. */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** outbox (no SMTP) | queued | sent | failed */
    status: emailStatus("status").notNull(),
    kind: text("kind").notNull(),
    error: text("error"),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on call notifications. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_messages_created_idx").on(t.createdAt), index("email_messages_to_idx").on(t.to)],
);

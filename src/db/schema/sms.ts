import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { organization } from "./accounts";

/**
 * Issue 25: every SMS the product sends. With Twilio configured it records
 * delivery; without it, it is the SMS outbox admins read at /admin/sms-outbox.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: id(),
    accountId: text("account_id").references(() => organization.id, { onDelete: "cascade" }),
    /** E.164. */
    to: text("to_number").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull(),
    /** outbox (no Twilio) | queued | sent | failed | opted_out (the number replied STOP) */
    status: text("status").notNull().$type<"outbox" | "queued" | "sent" | "failed" | "opted_out">(),
    /** Not sent before (quiet hours). */
    sendAfter: timestamp("send_after", { withTimezone: true }),
    /** Twilio's Message SID once accepted. */
    providerSid: text("provider_sid"),
    /** Twilio's delivery status from its status callback (queued, sent, delivered, undelivered, failed). */
    providerStatus: text("provider_status"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("sms_messages_created_idx").on(t.createdAt), index("sms_messages_sid_idx").on(t.providerSid)],
);

/** Numbers that replied STOP (learned from Twilio's error 21610 or a status callback): no SMS goes to them. */
export const smsOptOuts = pgTable("sms_opt_outs", {
  number: text("number").primaryKey(),
  createdAt: createdAt(),
});

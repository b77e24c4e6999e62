import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { user } from "./auth";
import { organization } from "./accounts";
import { orderStatus } from "./enums";

/** An AI employee prepared by an admin for a customer's e-mail address. */
export const aiReadyOrders = pgTable(
  "ai_ready_orders",
  {
    id: id(),
    aiEmployeeName: text("ai_employee_name").notNull(),
    aiAvatarUrl: text("ai_avatar_url"),
    aiPhoneNumber: text("ai_phone_number").notNull(),
    /** Stored lower-case; matched only against a verified address. */
    customerEmail: text("customer_email").notNull(),
    webChatUrl: text("web_chat_url").notNull(),
    status: orderStatus("status").notNull().default("pending"),
    /** The subscription that claimed it (no foreign key: the two rows point at each other). */
    subscriptionId: text("subscription_id"),
    /** The business account that claimed it (the claimer's active account; issue 22). */
    accountId: text("account_id").references(() => organization.id, { onDelete: "set null" }),
    /** Who claimed it, for the record. */
    claimedByUserId: text("claimed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Set when it joined a subscription that was waiting for an AI employee (issue 23, ADR 0112): no trial of its own. */
    joinedSubscriptionAt: timestamp("joined_subscription_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index("ai_ready_orders_email_idx").on(t.customerEmail),
    index("ai_ready_orders_created_idx").on(t.createdAt),
    // Keyset order and search of the admin lists (ADR 0096).
    index("ai_ready_orders_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("ai_ready_orders_subscription_idx").on(t.subscriptionId),
    // The admin Orders list filtered by business account, in its keyset order (issue 22, ADR 0110).
    index("ai_ready_orders_account_created_idx").on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("ai_ready_orders_search_trgm_idx")
      .using("gin", sql`${orderSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The ingestion API finds an AI employee by its number, however it is written (ADR 0143).
    index("ai_ready_orders_phone_key_idx").using("btree", orderPhoneKey(t)),
  ],
);

/**
 * An AI employee's phone number as the ingestion API matches it: its last ten
 * digits ("+1 (555) 010-4477" and "+15550104477" are the same number). The
 * expression of `ai_ready_orders_phone_key_idx`; phoneKey() computes the same in code.
 */
export function orderPhoneKey(t: { aiPhoneNumber: AnyColumn }): SQL {
  return sql`right(regexp_replace(${t.aiPhoneNumber}, '[^0-9]', '', 'g'), 10)`;
}

/** phone -> the key orderPhoneKey() stores (the last ten digits), or null without seven digits. */
export function phoneKey(phone: string): string | null {
  const digits = phone.replace(/[^0-9]/g, "");
  return digits.length >= 7 ? digits.slice(-10) : null;
}

/**
 * What the admin searches match for an AI employee: its name, phone number and
 * customer e-mail in one lower-cased text, the expression of
 * `ai_ready_orders_search_trgm_idx` (ADR 0100).
 */
export function orderSearchText(t: { aiEmployeeName: AnyColumn; aiPhoneNumber: AnyColumn; customerEmail: AnyColumn }): SQL {
  return sql`lower(${t.aiEmployeeName} || ' ' || ${t.aiPhoneNumber} || ' ' || ${t.customerEmail})`;
}

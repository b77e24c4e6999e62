import { index, integer, pgTable, text, timestamp, boolean } from "drizzle-orm/pg-core";

/** Usage recorded by an admin for one subscription and billing cycle. */
export const usageRecords = pgTable(
  "usage_records",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id").notNull(),
    userId: text("user_id").notNull(),
    billingCycleId: text("billing_cycle_id").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    phoneInbound: integer("phone_inbound").notNull().default(0),
    phoneOutbound: integer("phone_outbound").notNull().default(0),
    textInbound: integer("text_inbound").notNull().default(0),
    textOutbound: integer("text_outbound").notNull().default(0),
    recordedBy: text("recorded_by"),
    /** Set when every meter event of this record reached the provider. */
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("usage_records_subscription_period_idx").on(t.subscriptionId, t.periodStart),
    index("usage_records_user_idx").on(t.userId),
  ],
);

export const overageEntries = pgTable(
  "overage_entries",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    billNow: boolean("bill_now").notNull(),
    /** draft | pending | billed | failed */
    status: text("status").notNull().default("draft"),
    totalAmount: integer("total_amount").notNull().default(0),
    providerInvoiceId: text("provider_invoice_id"),
    stripeInvoiceUrl: text("stripe_invoice_url"),
    error: text("error"),
    createdBy: text("created_by"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("overage_entries_subscription_idx").on(t.subscriptionId, t.createdAt)],
);

export const overageLineItems = pgTable(
  "overage_line_items",
  {
    id: text("id").primaryKey(),
    entryId: text("entry_id")
      .notNull()
      .references(() => overageEntries.id, { onDelete: "cascade" }),
    stripePriceId: text("stripe_price_id").notNull(),
    productName: text("product_name").notNull(),
    unitLabel: text("unit_label"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    totalPrice: integer("total_price").notNull(),
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("overage_line_items_entry_idx").on(t.entryId)],
);

import { index, integer, pgTable, primaryKey, text, timestamp, boolean } from "drizzle-orm/pg-core";
import { id, createdAt, cascadeRef } from "./columns";
import { accountRef } from "./accounts";
import { subscriptions } from "./billing";
import { overageStatus } from "./enums";

/** Usage recorded by an admin for one subscription and billing cycle. */
export const usageRecords = pgTable(
  "usage_records",
  {
    id: id(),
    subscriptionId: cascadeRef("subscription_id", () => subscriptions.id),
    accountId: accountRef(),
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
    createdAt: createdAt(),
  },
  (t) => [index("usage_records_subscription_period_idx").on(t.subscriptionId, t.periodStart), index("usage_records_account_idx").on(t.accountId)],
);

export const overageEntries = pgTable(
  "overage_entries",
  {
    id: id(),
    subscriptionId: cascadeRef("subscription_id", () => subscriptions.id),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    billNow: boolean("bill_now").notNull(),
    status: overageStatus("status").notNull().default("draft"),
    totalAmount: integer("total_amount").notNull().default(0),
    /** The invoice that bills it: set when billed now. */
    providerInvoiceId: text("provider_invoice_id"),
    invoiceUrl: text("invoice_url"),
    /** When the items were added to the subscription's next invoice (bill-later entries). */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }),
    error: text("error"),
    createdBy: text("created_by"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("overage_entries_subscription_idx").on(t.subscriptionId, t.createdAt)],
);

export const overageLineItems = pgTable(
  "overage_line_items",
  {
    id: id(),
    entryId: cascadeRef("entry_id", () => overageEntries.id),
    providerPriceId: text("provider_price_id").notNull(),
    productName: text("product_name").notNull(),
    unitLabel: text("unit_label"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    totalPrice: integer("total_price").notNull(),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [index("overage_line_items_entry_idx").on(t.entryId)],
);

/** Usage months billed automatically (overage/auto-bill.server.ts): one entry per subscription and month, never two. */
export const overageAutoBills = pgTable(
  "overage_auto_bills",
  {
    subscriptionId: cascadeRef("subscription_id", () => subscriptions.id),
    usageMonthStart: timestamp("usage_month_start", { withTimezone: true }).notNull(),
    entryId: cascadeRef("entry_id", () => overageEntries.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.usageMonthStart] })],
);

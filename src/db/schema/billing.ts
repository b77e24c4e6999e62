import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, jsonb } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt, timestamps } from "./columns";
import { accountRef, organization } from "./accounts";
import { aiReadyOrders } from "./orders";
import { PROVIDER_INVOICE_STATUSES, PROVIDER_SUBSCRIPTION_STATUSES, subscriptionStatus } from "./enums";

/** One payment-provider customer per business account; the unique keys stop duplicates under races. */
export const paymentCustomers = pgTable("payment_customers", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  providerCustomerId: text("provider_customer_id").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Our subscription row plus the mirror of the provider's state. Pages read
 * only this table; webhooks and actions keep it current.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    accountId: accountRef(),
    planId: text("plan_id").notNull(),
    billing: text("billing").notNull().$type<"monthly" | "annual">(),
    status: subscriptionStatus("status").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    trialStart: timestamp("trial_start", { withTimezone: true }),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    providerCustomerId: text("provider_customer_id").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
    /** Mirror of the provider's view, refreshed by sync. */
    providerStatus: text("provider_status", { enum: PROVIDER_SUBSCRIPTION_STATUSES }),
    providerCancelAtPeriodEnd: boolean("provider_cancel_at_period_end").notNull().default(false),
    upcomingInvoiceAmount: integer("upcoming_invoice_amount"),
    upcomingInvoiceDate: timestamp("upcoming_invoice_date", { withTimezone: true }),
    aiReadyOrderId: text("ai_ready_order_id").references(() => aiReadyOrders.id, { onDelete: "set null" }),
    /** Bill the units over the allowance at the end of each usage month, without an admin (issue 13). */
    autoBillOverage: boolean("auto_bill_overage").notNull().default(false),
    providerSyncedAt: timestamp("provider_synced_at", { withTimezone: true }),
    /** Why the customer cancelled (optional, for the operator's churn figures; issue 23). Cleared on resume. */
    cancellationReason: text("cancellation_reason"),
    /** When the customer last asked to cancel from /billing; null after a resume. */
    cancellationRequestedAt: timestamp("cancellation_requested_at", { withTimezone: true }),
    /** A plan change scheduled for the period's end (a downgrade; issue 23, ADR 0114), mirrored from the provider. */
    pendingPlanId: text("pending_plan_id"),
    pendingBilling: text("pending_billing").$type<"monthly" | "annual">(),
    pendingChangeAt: timestamp("pending_change_at", { withTimezone: true }),
    /** What the admin search matches: the account's members and the AI employee, lower-cased; kept by triggers (migration 0026, issue 27). */
    searchText: text("search_text").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    index("subscriptions_account_id_idx").on(t.accountId),
    index("subscriptions_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("subscriptions_status_idx").on(t.status),
    index("subscriptions_customer_idx").on(t.providerCustomerId),
    // Keyset order of the admin list (ADR 0096).
    index("subscriptions_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One AI employee has at most one live subscription (issue 23, ADR 0112).
    uniqueIndex("subscriptions_one_live_per_ai_employee")
      .on(t.aiReadyOrderId)
      .where(sql`${t.status} <> 'cancelled' and ${t.aiReadyOrderId} is not null`),
  ],
);

/** Invoices mirrored from the provider for the Billing History tab. */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    accountId: accountRef(),
    providerInvoiceId: text("provider_invoice_id").notNull().unique(),
    providerSubscriptionId: text("provider_subscription_id"),
    description: text("description").notNull(),
    amountDue: integer("amount_due").notNull(),
    amountPaid: integer("amount_paid").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: PROVIDER_INVOICE_STATUSES }).notNull(),
    hostedInvoiceUrl: text("hosted_invoice_url"),
    invoicePdfUrl: text("invoice_pdf_url"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** When we first saw a payment of it fail (invoice.payment_failed, or the sandbox's past-due open invoice); never overwritten, kept once paid: paid with this set = a recovered payment (ADR 0139). */
    paymentFailedAt: timestamp("payment_failed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index("invoices_account_issued_idx").on(t.accountId, t.issuedAt)],
);

/** Each provider webhook event id is processed once. */
export const processedWebhookEvents = pgTable("processed_webhook_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  providerCreatedAt: timestamp("provider_created_at", { withTimezone: true }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sandbox payment provider: the embedded default keeps "provider" state here.
 * One generic table of provider objects keyed by id and kind keeps the sandbox
 * close to the provider's object model (customer, setup_intent, subscription,
 * invoice, invoice_item, meter_event, portal_session).
 */
export const sandboxObjects = pgTable(
  "sandbox_objects",
  {
    id: id(),
    kind: text("kind").notNull(),
    customerId: text("customer_id"),
    data: jsonb("data").notNull().$type<Record<string, unknown>>(),
    idempotencyKey: text("idempotency_key"),
    ...timestamps(),
  },
  (t) => [index("sandbox_objects_kind_customer_idx").on(t.kind, t.customerId), uniqueIndex("sandbox_objects_idempotency_idx").on(t.kind, t.idempotencyKey)],
);

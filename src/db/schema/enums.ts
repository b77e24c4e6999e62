import { pgEnum } from "drizzle-orm/pg-core";
import { SUBSCRIPTION_STATUS_VALUES } from "./subscription-statuses";

/**
 * Our own vocabularies, stored as PostgreSQL enums so that the database
 * refuses a value the code does not know and reads come back typed.
 * The provider's vocabularies (its subscription and invoice statuses) are
 * text columns typed in TypeScript only: a value the provider adds later is
 * mirrored rather than refused (ADR 0014).
 */
/** Our subscription statuses: the one list (subscription-statuses.ts), given meaning by features/billing/subscription-state.ts (ADR 0135). */
export const subscriptionStatus = pgEnum("subscription_status", SUBSCRIPTION_STATUS_VALUES);
export const orderStatus = pgEnum("order_status", ["pending", "claimed", "active"]);
export const overageStatus = pgEnum("overage_status", ["draft", "pending", "billed", "failed"]);
export const emailStatus = pgEnum("email_status", ["outbox", "queued", "sent", "failed"]);
export const notificationPriority = pgEnum("notification_priority", ["urgent", "high", "normal", "low"]);

/** Stripe's subscription statuses (its documented list); mirrored, not enforced. */
export const PROVIDER_SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "paused"] as const;
/** Stripe's invoice statuses; mirrored, not enforced. */
export const PROVIDER_INVOICE_STATUSES = ["draft", "open", "paid", "void", "uncollectible"] as const;

/** The AI employees' interactions (issue 13). */
export const INTERACTION_CHANNELS = ["phone", "sms", "chat", "social"] as const;
export const INTERACTION_DIRECTIONS = ["inbound", "outbound"] as const;
export const INTERACTION_OUTCOMES = ["answered", "voicemail", "no_answer", "busy", "failed", "spam", "transferred"] as const;
export const interactionChannel = pgEnum("interaction_channel", INTERACTION_CHANNELS);
export const interactionDirection = pgEnum("interaction_direction", INTERACTION_DIRECTIONS);
export const interactionOutcome = pgEnum("interaction_outcome", INTERACTION_OUTCOMES);

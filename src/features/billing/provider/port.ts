import type { SQL } from "drizzle-orm";
import type { Billing, PlanId } from "@/features/plans/catalogue";
import type { PROVIDER_INVOICE_STATUSES, PROVIDER_SUBSCRIPTION_STATUSES } from "@/db/schema";

/**
 * The payment-provider port: everything the product asks of a payment
 * provider. Two adapters implement it: Stripe (STRIPE_* set) and the sandbox
 * (embedded default, state in our database). Amounts are integer cents, times
 * are Date objects. Calls that change state take an idempotency key.
 */

/** Provider-side subscription status (Stripe's vocabulary, as the mirror stores it). */
export type ProviderSubscriptionStatus = (typeof PROVIDER_SUBSCRIPTION_STATUSES)[number];
/** Provider-side invoice status. */
export type ProviderInvoiceStatus = (typeof PROVIDER_INVOICE_STATUSES)[number];

export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  planId: PlanId | null;
  billing: Billing | null;
  cancelAtPeriodEnd: boolean;
  /** When a scheduled cancellation takes effect, if any. */
  cancelAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  createdAt: Date;
  metadata: Record<string, string>;
  /** The card saved on the subscription itself (not the customer's default); null while none was given for it. */
  defaultPaymentMethodId: string | null;
  /** A plan change scheduled for the period's end (a downgrade, ADR 0114); null or absent when none. */
  pendingChange?: PendingPlanChange | null;
};

/** A plan change that takes effect at `effectiveAt` (the end of the current period). */
export type PendingPlanChange = { planId: PlanId; billing: Billing; effectiveAt: Date };

/**
 * A plan change (issue 23, ADR 0114): "now" swaps the plan price at once and
 * invoices the proration immediately (Stripe: proration_behavior
 * always_invoice, at `prorationDate`); "period_end" schedules the new price
 * for the next period (Stripe: a subscription schedule whose second phase
 * starts at the current period's end).
 */
export type PlanChange = {
  planId: PlanId;
  billing: Billing;
  when: "now" | "period_end";
  /** The proration time a preview used (so the change is charged as previewed); null: the provider's now. */
  prorationDate: Date | null;
};

export type ProviderSetupIntent = {
  id: string;
  customerId: string | null;
  /** requires_payment_method | requires_confirmation | requires_action | processing | succeeded | canceled */
  status: string;
  clientSecret: string;
  paymentMethodId: string | null;
  /** The provider's message for the last failure (e.g. a declined card). */
  lastError: string | null;
};

export type ProviderInvoice = {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: ProviderInvoiceStatus;
  description: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  hostedInvoiceUrl: string | null;
  invoicePdfUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  createdAt: Date;
  metadata: Record<string, string>;
};

export type UpcomingInvoice = { amountDue: number; periodEnd: Date | null; nextPaymentAttempt: Date | null };

/**
 * A billing cycle of a subscription (spec 3: id, label, periodStart, periodEnd,
 * isCurrent). Derived from the mirror by deriveBillingCycles
 * (features/usage/billing-cycles.ts); no provider call lists them.
 */
export type BillingCycle = { id: string; label: string; periodStart: Date; periodEnd: Date; isCurrent: boolean };

/** A price at the provider (plan prices and the four metered usage prices). */
export type ProviderPrice = {
  id: string;
  lookupKey: string | null;
  productName: string;
  unitLabel: string | null;
  /** Cents per unit (metered) or per period (plan). */
  unitAmount: number;
  recurringInterval: "month" | "year" | null;
  usageType: "licensed" | "metered" | null;
  /** For metered prices: the meter event name (phone_inbound, ...). */
  meterEventName: string | null;
};

export const METER_EVENT_NAMES = ["phone_inbound", "phone_outbound", "text_inbound", "text_outbound"] as const;
export type MeterEventName = (typeof METER_EVENT_NAMES)[number];

export type InvoiceLine = {
  /** A provider price id, or null to bill a custom unit amount. */
  priceId: string | null;
  productName: string;
  description: string;
  quantity: number;
  /** Cents per unit (used when priceId is null or to override the price). */
  unitAmount: number;
};

/** A verified webhook event; treated only as a trigger to re-read state. */
export type ProviderEvent = {
  id: string;
  type: string;
  createdAt: Date;
  customerId: string | null;
  subscriptionId: string | null;
  /** The id of the event's object (e.g. the setup intent of setup_intent.succeeded). */
  objectId: string | null;
};

/**
 * The kind of a provider failure (Stripe's error types, plus the SDK's
 * authentication, rate-limit and connection errors). Only a card error
 * speaks to the customer: its message is the bank's answer about their card.
 */
export type ProviderErrorType = "card_error" | "invalid_request_error" | "idempotency_error" | "authentication_error" | "rate_limit_error" | "api_connection_error" | "api_error";

export class ProviderError extends Error {
  /** See ProviderErrorType; without one, our own refusals are invalid requests and retryable ones api errors. */
  public readonly type: ProviderErrorType;

  constructor(
    message: string,
    /** card_declined, resource_missing, idempotency_error, api_error ... */
    public readonly code: string,
    /** True when retrying later may succeed (network, 5xx, rate limit). */
    public readonly retryable: boolean,
    type?: ProviderErrorType,
    /** How long the provider asked us to wait before trying again (its Retry-After header), in seconds, if it said. */
    public readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ProviderError";
    this.type = type ?? (retryable ? "api_error" : "invalid_request_error");
  }

  /** The provider is limiting our request rate (HTTP 429): back off before the next request (https://docs.stripe.com/rate-limits). */
  get isRateLimited(): boolean {
    return this.type === "rate_limit_error";
  }

  /** A card error (a decline): the one provider message that may reach the customer. */
  get isCardError(): boolean {
    return this.type === "card_error";
  }
}

export interface PaymentProvider {
  /**
   * Which adapter this is. Only the provider folder branches on it (to hand
   * sandbox-only routes the sandbox adapter); product code asks the members
   * below instead.
   */
  readonly kind: "stripe" | "sandbox";

  /**
   * The provider's "now", which trial days and period ends are measured
   * against: real time with Stripe, the sandbox clock in the sandbox.
   */
  now(): Promise<Date>;

  /** now() as an SQL timestamptz expression: a query reads the provider's clock without a round trip of its own. */
  nowSql(): SQL;

  /**
   * True when subscriptions roll over (trial end, renewal, scheduled
   * cancellation) with the provider's clock and no webhook tells us (the
   * sandbox): a job then syncs the customers whose period ended
   * (billing/sandbox-rollover.server.ts). False when the provider's webhooks
   * keep the mirror current (Stripe).
   */
  readonly periodsAdvanceWithoutWebhooks: boolean;

  createCustomer(input: { email: string; name: string; accountId: string }, idempotencyKey: string): Promise<{ id: string }>;

  /** Card-first checkout: a setup intent for the customer. */
  createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent>;
  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent>;

  /** A subscription on the plan price with a 14-day trial and the card as default. */
  createTrialSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string | null; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;

  /**
   * A subscription without a trial (the customer's free trial is used, ADR
   * 0105): the first period is invoiced and charged to the card at once, as
   * Stripe does for a subscription without `trial_period_days`. The card
   * becomes the default of the customer and the subscription. A declined
   * charge is a card error and leaves no subscription behind.
   */
  createPaidSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;

  /**
   * Subscription-first flow (/subscribe): a trialing subscription whose
   * pending setup intent collects the card; returns that intent's client secret.
   */
  createSubscriptionWithPendingSetup(
    input: { customerId: string; planId: PlanId; billing: Billing; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ subscription: ProviderSubscription; clientSecret: string }>;

  /**
   * The pending setup of a subscription made by createSubscriptionWithPendingSetup,
   * to show the same card form again: the subscription and its setup intent's
   * client secret while it is trialing and its setup has not succeeded; null
   * otherwise (a card was saved, or it ended).
   */
  resumePendingSetup(subscriptionId: string): Promise<{ subscription: ProviderSubscription; clientSecret: string } | null>;

  /**
   * Makes the card of a succeeded setup intent the default of its customer
   * (for invoices) and of the subscription it was the pending setup of, if
   * any. Idempotent; a setup intent that has not succeeded changes nothing.
   */
  makeSetupCardDefault(setupIntentId: string, idempotencyKey: string): Promise<void>;

  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /**
   * Undoes a cancellation at period end before the period ends (Stripe:
   * `cancel_at_period_end: false`, https://docs.stripe.com/billing/subscriptions/cancel#reactivating-canceled-subscriptions).
   * An ended subscription cannot be resumed: invalid request.
   */
  resumeSubscription(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /**
   * What an immediate change to `planId`/`billing` at `prorationDate` is
   * invoiced today (Stripe: invoices.createPreview with
   * subscription_details.items, proration_behavior always_invoice and
   * proration_date): the new price for the rest of the period (or a whole
   * new period when the interval changes) less the unused time of the old.
   */
  previewPlanChange(subscriptionId: string, change: Omit<PlanChange, "when">): Promise<{ amountDue: number; prorationDate: Date }>;
  /** Applies a PlanChange (see there); a period_end change replaces any pending one. */
  changePlan(subscriptionId: string, change: PlanChange, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Drops a pending period_end change (Stripe: releases the subscription schedule); none is a no-op. */
  cancelPendingPlanChange(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Ends a subscription at once, unbilled (Stripe: DELETE /v1/subscriptions/:id); an ended one is returned as it is. */
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;

  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;

  listInvoices(customerId: string, limit?: number): Promise<ProviderInvoice[]>;
  upcomingInvoice(customerId: string, subscriptionId: string): Promise<UpcomingInvoice | null>;

  /** Plan prices and metered usage prices. */
  listPrices(): Promise<ProviderPrice[]>;

  /** Reports usage; `identifier` makes a repeated report count once. */
  reportMeterEvent(input: { eventName: MeterEventName; customerId: string; value: number; identifier: string; timestamp: Date }): Promise<void>;

  /** Creates, fills and finalizes a one-off invoice; returns it (with its hosted URL). */
  createInvoiceNow(
    input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date }; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderInvoice>;

  /** Adds items that wait for the subscription's next invoice. */
  addPendingInvoiceItems(input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date } }, idempotencyKey: string): Promise<void>;

  /**
   * Removes what createInvoiceNow or addPendingInvoiceItems left unfinished
   * under this key (a draft invoice, pending items) once the caller has given
   * up on it, so nothing of a failed entry is billed later. Finalized
   * invoices stay. Safe to repeat.
   */
  discardUnfinishedBilling(customerId: string, idempotencyKey: string): Promise<void>;

  /** Verifies a webhook signature over the raw body; throws on a bad one. */
  constructWebhookEvent(rawBody: string, signature: string | null): Promise<ProviderEvent>;
}

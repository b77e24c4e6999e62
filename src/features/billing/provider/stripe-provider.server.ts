import "server-only";
import Stripe from "stripe";
import { sql, type SQL } from "drizzle-orm";
import type { Billing, PlanId } from "@/features/plans/catalogue";
import { planLookupKey } from "@/features/plans/catalogue";
import { parseEventJson } from "./events";
import {
  METER_EVENT_NAMES,
  ProviderError,
  type InvoiceLine,
  type MeterEventName,
  type PaymentProvider,
  type PlanChange,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderSetupIntent,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  type UpcomingInvoice,
} from "./port";
import { idempotencyKeyFor } from "./idempotency";
import { callStripe, idOf, providerError, toDate, unix } from "./stripe-calls";
import * as invoices from "./stripe-invoices.server";
import { findPortalConfiguration } from "./portal-configuration";
import * as planChange from "./stripe-plan-change.server";
import { parsePlanLookupKey } from "./prices";

/**
 * The Stripe adapter. The SDK is pinned (stripe 23.1.0), which pins the API
 * version STRIPE_API_VERSION ('2026-10-28.endive'); field locations follow
 * basil and later (periods on subscription items, invoice.parent.
 * subscription_details, invoices.createPreview, price_data on invoice
 * items, billing meter events). Every state-changing call sends an
 * idempotency key: the caller's key (the intent) plus a digest of the
 * parameters sent (idempotencyKeyFor), so a key never comes back with other
 * parameters.
 */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** 'http://127.0.0.1:12111' or '127.0.0.1:12111': talk to a loopback server (tests). */
  apiHost?: string;
  maxNetworkRetries?: number;
};

function hostOptions(apiHost: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiHost) return {};
  const url = new URL(apiHost.includes("://") ? apiHost : `http://${apiHost}`);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === "https:" ? 443 : 80),
    protocol: url.protocol === "https:" ? "https" : "http",
  };
}

/**
 * The trial parameters: a trial of `days` days that, if it ends with no card
 * on the subscription or the customer (an abandoned /subscribe page), cancels
 * rather than invoicing a customer who never gave a card and dunning them
 * (ADR 0089). No trial (the admin test tool) sends no trial parameter at
 * all: Stripe is not told `trial_period_days: 0`.
 */
function trialParams(days: number): Pick<Stripe.SubscriptionCreateParams, "trial_period_days" | "trial_settings"> {
  if (days <= 0) return {};
  return { trial_period_days: days, trial_settings: { end_behavior: { missing_payment_method: "cancel" } } };
}

/**
 * Cards only (wallets such as Apple Pay and Google Pay are cards): no
 * redirect-based method and no bank debit that settles days later (ADR 0089).
 */
const PAYMENT_METHOD_TYPES: Array<Stripe.SetupIntentCreateParams.AllowedPaymentMethodType & Stripe.SubscriptionCreateParams.PaymentSettings.PaymentMethodType> = ["card"];

export class StripeProvider implements PaymentProvider {
  readonly kind = "stripe" as const;
  /** Webhooks tell us about trial ends, renewals and cancellations. */
  readonly periodsAdvanceWithoutWebhooks = false;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private meterCache: Map<string, MeterEventName> | null = null;
  private portalConfigurationId: string | undefined;

  constructor(opts: StripeProviderOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: opts.maxNetworkRetries ?? 2,
      appInfo: { name: "ai-employees" },
      telemetry: false,
      ...hostOptions(opts.apiHost),
    });
    this.webhookSecret = opts.webhookSecret;
  }

  async now(): Promise<Date> {
    return new Date();
  }

  nowSql(): SQL {
    return sql`${new Date().toISOString()}::timestamptz`;
  }

  private call<T>(fn: () => Promise<T>): Promise<T> {
    return callStripe(fn);
  }

  /** A subscription of the customer to the plan's `price`, with `params` besides (the plan and billing go in its metadata too). */
  private createSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; metadata: Record<string, string> },
    price: string,
    params: Omit<Stripe.SubscriptionCreateParams, "customer" | "items" | "metadata">,
    idempotencyKey: string,
  ): Promise<Stripe.Subscription> {
    const all: Stripe.SubscriptionCreateParams = { customer: input.customerId, items: [{ price }], ...params, metadata: { ...input.metadata, planId: input.planId, billing: input.billing } };
    return this.call(() => this.stripe.subscriptions.create(all, { idempotencyKey: idempotencyKeyFor(idempotencyKey, all) }));
  }

  private updateSubscription(subscriptionId: string, params: Stripe.SubscriptionUpdateParams, idempotencyKey: string): Promise<Stripe.Subscription> {
    return this.call(() => this.stripe.subscriptions.update(subscriptionId, params, { idempotencyKey: idempotencyKeyFor(idempotencyKey, { subscription: subscriptionId, ...params }) }));
  }

  /** Makes the card the customer's default for future invoices (attaching a card does not); `intent` names the request. */
  private async setInvoiceDefaultCard(customer: string, card: string, intent: string): Promise<void> {
    const update: Stripe.CustomerUpdateParams = { invoice_settings: { default_payment_method: card } };
    await this.call(() => this.stripe.customers.update(customer, update, { idempotencyKey: idempotencyKeyFor(intent, { customer, ...update }) }));
  }

  async createCustomer(input: { email: string; name: string; accountId: string }, idempotencyKey: string) {
    const params: Stripe.CustomerCreateParams = { email: input.email, name: input.name, metadata: { accountId: input.accountId } };
    const c = await this.call(() => this.stripe.customers.create(params, { idempotencyKey: idempotencyKeyFor(idempotencyKey, params) }));
    return { id: c.id };
  }

  private toSetupIntent(si: Stripe.SetupIntent): ProviderSetupIntent {
    return {
      id: si.id,
      customerId: idOf(si.customer),
      status: si.status,
      clientSecret: si.client_secret ?? "",
      paymentMethodId: idOf(si.payment_method),
      lastError: si.last_setup_error?.message ?? null,
    };
  }

  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent> {
    const params: Stripe.SetupIntentCreateParams = { customer: customerId, allowed_payment_method_types: PAYMENT_METHOD_TYPES, usage: "off_session" };
    const si = await this.call(() => this.stripe.setupIntents.create(params, { idempotencyKey: idempotencyKeyFor(idempotencyKey, params) }));
    return this.toSetupIntent(si);
  }

  async retrieveSetupIntent(id: string): Promise<ProviderSetupIntent> {
    return this.toSetupIntent(await this.call(() => this.stripe.setupIntents.retrieve(id)));
  }

  private async planPriceId(planId: PlanId, billing: Billing): Promise<string> {
    const key = planLookupKey(planId, billing);
    const list = await this.call(() => this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
    const price = list.data[0];
    if (!price) throw new ProviderError(`No active price with lookup key '${key}'; run npm run billing:sync`, "resource_missing", false);
    return price.id;
  }

  toSubscription(s: Stripe.Subscription): ProviderSubscription {
    const items = s.items?.data ?? [];
    let plan: { planId: PlanId; billing: Billing } | null = null;
    let planItem: Stripe.SubscriptionItem | undefined;
    for (const item of items) {
      const parsed = parsePlanLookupKey(item.price?.lookup_key);
      if (parsed) {
        plan = parsed;
        planItem = item;
        break;
      }
    }
    if (!plan) {
      const fromMeta = parsePlanLookupKey(s.metadata?.planId && s.metadata?.billing ? `plan_${s.metadata.planId}_${s.metadata.billing}` : null);
      plan = fromMeta;
    }
    const ref = planItem ?? items[0];
    return {
      id: s.id,
      customerId: idOf(s.customer)!,
      status: s.status as ProviderSubscriptionStatus,
      planId: plan?.planId ?? null,
      billing: plan?.billing ?? null,
      cancelAtPeriodEnd: s.cancel_at_period_end,
      cancelAt: toDate(s.cancel_at),
      currentPeriodStart: toDate(ref?.current_period_start),
      currentPeriodEnd: toDate(ref?.current_period_end),
      trialStart: toDate(s.trial_start),
      trialEnd: toDate(s.trial_end),
      defaultPaymentMethodId: idOf(s.default_payment_method),
      pendingChange: planChange.pendingChangeOf(s, toDate(ref?.current_period_start)),
      createdAt: toDate(s.created)!,
      metadata: { ...(s.metadata ?? {}) },
    };
  }

  async createTrialSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string | null; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const price = await this.planPriceId(input.planId, input.billing);
    // Attaching a card does not make it the default; set it for future invoices.
    if (input.paymentMethodId) await this.setInvoiceDefaultCard(input.customerId, input.paymentMethodId, `${idempotencyKey}-default-pm`);
    const extra = { ...(input.paymentMethodId ? { default_payment_method: input.paymentMethodId } : {}), ...trialParams(input.trialDays) };
    return this.toSubscription(await this.createSubscription(input, price, extra, idempotencyKey));
  }

  /**
   * No trial: Stripe invoices the first period at once and charges the card.
   * `payment_behavior: 'error_if_incomplete'` makes a declined charge a 402
   * card error with no subscription left behind, instead of an `incomplete`
   * subscription waiting for another card
   * (https://docs.stripe.com/api/subscriptions/create#create_subscription-payment_behavior).
   */
  async createPaidSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const price = await this.planPriceId(input.planId, input.billing);
    await this.setInvoiceDefaultCard(input.customerId, input.paymentMethodId, `${idempotencyKey}-default-pm`);
    const extra = { default_payment_method: input.paymentMethodId, payment_behavior: "error_if_incomplete" } as const;
    return this.toSubscription(await this.createSubscription(input, price, extra, idempotencyKey));
  }

  async createSubscriptionWithPendingSetup(
    input: { customerId: string; planId: PlanId; billing: Billing; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ subscription: ProviderSubscription; clientSecret: string }> {
    const price = await this.planPriceId(input.planId, input.billing);
    const sub = await this.createSubscription(
      input,
      price,
      {
        ...trialParams(input.trialDays),
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: PAYMENT_METHOD_TYPES },
        expand: ["pending_setup_intent", "latest_invoice.confirmation_secret"],
      },
      idempotencyKey,
    );
    const pending = sub.pending_setup_intent;
    if (pending && typeof pending !== "string" && pending.metadata?.subscriptionId !== sub.id) {
      // Names the subscription on its setup intent, so the card it saves becomes that subscription's default (makeSetupCardDefault).
      const tag: Stripe.SetupIntentUpdateParams = { metadata: { subscriptionId: sub.id } };
      await this.call(() => this.stripe.setupIntents.update(pending.id, tag, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-tag`, { setupIntent: pending.id, ...tag }) }));
    }
    let clientSecret = pending && typeof pending !== "string" ? pending.client_secret : null;
    if (!clientSecret && sub.latest_invoice && typeof sub.latest_invoice !== "string") {
      clientSecret = sub.latest_invoice.confirmation_secret?.client_secret ?? null;
    }
    if (!clientSecret) throw new ProviderError("No client secret received", "no_client_secret", false);
    return { subscription: this.toSubscription(sub), clientSecret };
  }

  /**
   * The pending setup intent of a trialing subscription (Stripe clears
   * `pending_setup_intent` once the intent succeeds).
   */
  async resumePendingSetup(subscriptionId: string): Promise<{ subscription: ProviderSubscription; clientSecret: string } | null> {
    const sub = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId, { expand: ["pending_setup_intent"] }));
    const pending = sub.pending_setup_intent;
    if (sub.status !== "trialing" || !pending || typeof pending === "string") return null;
    if (pending.status === "succeeded" || pending.status === "canceled" || !pending.client_secret) return null;
    return { subscription: this.toSubscription(sub), clientSecret: pending.client_secret };
  }

  /**
   * The customer's invoice default becomes the intent's card, and so does the
   * default of the subscription the intent was created for (its metadata
   * names it, see createSubscriptionWithPendingSetup), rather than relying
   * on `save_default_payment_method`.
   */
  async makeSetupCardDefault(setupIntentId: string, idempotencyKey: string): Promise<void> {
    const si = await this.call(() => this.stripe.setupIntents.retrieve(setupIntentId));
    const customer = idOf(si.customer);
    const card = idOf(si.payment_method);
    if (si.status !== "succeeded" || !customer || !card) return;
    await this.setInvoiceDefaultCard(customer, card, `${idempotencyKey}-customer`);
    const subscription = si.metadata?.subscriptionId;
    if (!subscription) return;
    const subUpdate: Stripe.SubscriptionUpdateParams = { default_payment_method: card };
    await this.call(() =>
      this.stripe.subscriptions.update(subscription, subUpdate, {
        idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-subscription`, { subscription, ...subUpdate }),
      }),
    );
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return this.toSubscription(await this.stripe.subscriptions.retrieve(id, { expand: ["schedule"] }));
    } catch (err) {
      const e = providerError(err);
      if (e.code === "resource_missing") return null;
      throw e;
    }
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const out: ProviderSubscription[] = [];
    await this.call(async () => {
      for await (const s of this.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100, expand: ["data.schedule"] })) {
        out.push(this.toSubscription(s));
      }
    });
    return out;
  }

  async cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    // A pending plan change (a schedule) is dropped: a cancelling subscription changes no plan, and Stripe refuses the cancel otherwise.
    await planChange.releaseAttachedSchedule(this.stripe, subscriptionId, idempotencyKey);
    return this.toSubscription(await this.updateSubscription(subscriptionId, { cancel_at_period_end: true }, idempotencyKey));
  }

  /** cancel_at_period_end false also clears the cancel_at it set (https://docs.stripe.com/api/subscriptions/update#update_subscription-cancel_at_period_end). */
  async resumeSubscription(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    return this.toSubscription(await this.updateSubscription(subscriptionId, { cancel_at_period_end: false }, idempotencyKey));
  }

  previewPlanChange(subscriptionId: string, change: Omit<PlanChange, "when">): Promise<{ amountDue: number; prorationDate: Date }> {
    return planChange.previewPlanChange(this.stripe, (p, b) => this.planPriceId(p, b), subscriptionId, change);
  }

  async changePlan(subscriptionId: string, change: PlanChange, idempotencyKey: string): Promise<ProviderSubscription> {
    await planChange.changePlan(this.stripe, (p, b) => this.planPriceId(p, b), subscriptionId, change, idempotencyKey);
    return (await this.retrieveSubscription(subscriptionId))!;
  }

  async cancelPendingPlanChange(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    await planChange.cancelPendingPlanChange(this.stripe, subscriptionId, idempotencyKey);
    return (await this.retrieveSubscription(subscriptionId))!;
  }

  /**
   * DELETE /v1/subscriptions/:id (https://docs.stripe.com/api/subscriptions/cancel).
   * Stripe ignores idempotency keys on DELETE (the request is idempotent by
   * definition), so an ended subscription is read and returned rather than
   * cancelled again.
   */
  async cancelNow(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    void idempotencyKey;
    const current = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    if (current.status === "canceled" || current.status === "incomplete_expired") return this.toSubscription(current);
    return this.toSubscription(await this.call(() => this.stripe.subscriptions.cancel(subscriptionId)));
  }

  /**
   * Opens the portal with the configuration billing:sync provisioned (found by
   * its marker once per process, if active); without one, Stripe's account default.
   */
  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    if (!this.portalConfigurationId) {
      const found = await this.call(() => findPortalConfiguration(this.stripe));
      // An inactive one would be refused; without an active one, the account's default (billing:sync reactivates ours).
      this.portalConfigurationId = found?.active ? found.id : undefined;
    }
    const configuration = this.portalConfigurationId;
    const s = await this.call(() => this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, ...(configuration ? { configuration } : {}) }));
    return { url: s.url };
  }

  async listInvoices(customerId: string, limit = 100): Promise<ProviderInvoice[]> {
    const list = await this.call(() => this.stripe.invoices.list({ customer: customerId, limit: Math.min(limit, 100) }));
    return list.data.filter((i) => i.status !== "draft").map((i) => invoices.toInvoice(i));
  }

  async upcomingInvoice(customerId: string, subscriptionId: string): Promise<UpcomingInvoice | null> {
    try {
      const inv = await this.stripe.invoices.createPreview({ customer: customerId, subscription: subscriptionId });
      return { amountDue: inv.amount_due, periodEnd: toDate(inv.period_end), nextPaymentAttempt: toDate(inv.next_payment_attempt) };
    } catch (err) {
      const e = providerError(err);
      // No upcoming invoice (e.g. a subscription that is cancelling).
      if (e.code === "invoice_upcoming_none" || e.code === "resource_missing") return null;
      throw e;
    }
  }

  private async meters(): Promise<Map<string, MeterEventName>> {
    if (this.meterCache) return this.meterCache;
    const map = new Map<string, MeterEventName>();
    await this.call(async () => {
      for await (const m of this.stripe.billing.meters.list({ limit: 100 })) {
        if ((METER_EVENT_NAMES as readonly string[]).includes(m.event_name)) map.set(m.id, m.event_name as MeterEventName);
      }
    });
    this.meterCache = map;
    return map;
  }

  async listPrices(): Promise<ProviderPrice[]> {
    const meters = await this.meters();
    const out: ProviderPrice[] = [];
    await this.call(async () => {
      for await (const p of this.stripe.prices.list({ active: true, limit: 100, expand: ["data.product"] })) {
        const product = typeof p.product === "object" && p.product && !("deleted" in p.product && p.product.deleted) ? (p.product as Stripe.Product) : null;
        const meterId = p.recurring?.meter ?? null;
        out.push({
          id: p.id,
          lookupKey: p.lookup_key ?? null,
          productName: product?.name ?? p.nickname ?? p.id,
          unitLabel: product?.unit_label ?? null,
          unitAmount: p.unit_amount ?? 0,
          recurringInterval: p.recurring?.interval === "year" ? "year" : p.recurring?.interval === "month" ? "month" : null,
          usageType: p.recurring?.usage_type === "metered" ? "metered" : p.recurring ? "licensed" : null,
          meterEventName: meterId ? (meters.get(meterId) ?? null) : null,
        });
      }
    });
    return out;
  }

  async reportMeterEvent(input: { eventName: MeterEventName; customerId: string; value: number; identifier: string; timestamp: Date }): Promise<void> {
    if (!Number.isInteger(input.value) || input.value < 0) {
      throw new ProviderError("Meter event value must be a whole number.", "parameter_invalid_integer", false);
    }
    const params: Stripe.Billing.MeterEventCreateParams = {
      event_name: input.eventName,
      payload: { stripe_customer_id: input.customerId, value: String(input.value) },
      identifier: input.identifier,
      timestamp: unix(input.timestamp),
    };
    await this.call(() => this.stripe.billing.meterEvents.create(params, { idempotencyKey: idempotencyKeyFor(`meter-${input.identifier}`, params) }));
  }

  createInvoiceNow(
    input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date }; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderInvoice> {
    return invoices.createInvoiceNow(this.stripe, input, idempotencyKey);
  }

  addPendingInvoiceItems(input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date } }, idempotencyKey: string): Promise<void> {
    return invoices.addPendingInvoiceItems(this.stripe, input, idempotencyKey);
  }

  discardUnfinishedBilling(customerId: string, idempotencyKey: string): Promise<void> {
    return invoices.discardUnfinishedBilling(this.stripe, customerId, idempotencyKey);
  }

  async constructWebhookEvent(rawBody: string, signature: string | null): Promise<ProviderEvent> {
    try {
      this.stripe.webhooks.constructEvent(rawBody, signature ?? "", this.webhookSecret);
    } catch (err) {
      throw new ProviderError(err instanceof Error ? err.message : "Invalid signature", "signature_verification", false);
    }
    return parseEventJson(rawBody);
  }
}

import "server-only";
import Stripe from "stripe";
import type { Billing, PlanId } from "@/features/plans/catalogue";
import { planLookupKey } from "@/features/plans/catalogue";
import { parseEventJson } from "./events";
import {
  METER_EVENT_NAMES,
  ProviderError,
  type InvoiceLine,
  type MeterEventName,
  type PaymentProvider,
  type ProviderErrorType,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderSetupIntent,
  type ProviderSubscription,
  type ProviderInvoiceStatus,
  type ProviderSubscriptionStatus,
  type UpcomingInvoice,
} from "./port";
import { idempotencyKeyFor } from "./idempotency";
import { findPortalConfiguration } from "./portal-configuration";
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

const toDate = (unix: number | null | undefined): Date | null => (typeof unix === "number" ? new Date(unix * 1000) : null);
const unix = (d: Date): number => Math.floor(d.getTime() / 1000);
const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === "string" ? v : v.id);

function hostOptions(apiHost: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiHost) return {};
  const url = new URL(apiHost.includes("://") ? apiHost : `http://${apiHost}`);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === "https:" ? 443 : 80),
    protocol: url.protocol === "https:" ? "https" : "http",
  };
}

/** The ProviderErrorType of an SDK error (by its class; rawType is Stripe's `error.type`). */
function errorType(err: Stripe.errors.StripeError): ProviderErrorType {
  if (err instanceof Stripe.errors.StripeCardError) return "card_error";
  if (err instanceof Stripe.errors.StripeIdempotencyError) return "idempotency_error";
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError) return "authentication_error";
  if (err instanceof Stripe.errors.StripeRateLimitError) return "rate_limit_error";
  if (err instanceof Stripe.errors.StripeConnectionError) return "api_connection_error";
  if (err instanceof Stripe.errors.StripeInvalidRequestError) return "invalid_request_error";
  return "api_error";
}

/**
 * Turns SDK errors into ProviderError, keeping the provider's message and its
 * type: callers show the message only for card errors (declines) and log the
 * rest.
 */
function providerError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    const retryable =
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      (err.statusCode ?? 0) >= 500;
    const code = err.code ?? (err instanceof Stripe.errors.StripeIdempotencyError ? "idempotency_error" : err.type);
    return new ProviderError(err.message, code, retryable, errorType(err));
  }
  return new ProviderError(err instanceof Error ? err.message : String(err), "api_error", true, "api_error");
}

/**
 * The trial parameters: a trial of `days` days that, without a card at its
 * end, invoices (past_due) rather than silently cancelling. No trial (the
 * admin test tool) sends no trial parameter at all: Stripe is not told
 * `trial_period_days: 0`.
 */
function trialParams(days: number): Pick<Stripe.SubscriptionCreateParams, "trial_period_days" | "trial_settings"> {
  if (days <= 0) return {};
  return { trial_period_days: days, trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } } };
}

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

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw providerError(err);
    }
  }

  async createCustomer(input: { email: string; name: string; userId: string }, idempotencyKey: string) {
    const params: Stripe.CustomerCreateParams = { email: input.email, name: input.name, metadata: { userId: input.userId } };
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
    const params: Stripe.SetupIntentCreateParams = { customer: customerId, automatic_payment_methods: { enabled: true }, usage: "off_session" };
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
      const fromMeta = parsePlanLookupKey(
        s.metadata?.planId && s.metadata?.billing ? `plan_${s.metadata.planId}_${s.metadata.billing}` : null,
      );
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
      createdAt: toDate(s.created)!,
      metadata: { ...(s.metadata ?? {}) },
    };
  }

  async createTrialSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string | null; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const price = await this.planPriceId(input.planId, input.billing);
    if (input.paymentMethodId) {
      // Attaching a card does not make it the default; set it for future invoices.
      const update: Stripe.CustomerUpdateParams = { invoice_settings: { default_payment_method: input.paymentMethodId } };
      await this.call(() =>
        this.stripe.customers.update(input.customerId, update, {
          idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-default-pm`, { customer: input.customerId, ...update }),
        }),
      );
    }
    const params: Stripe.SubscriptionCreateParams = {
      customer: input.customerId,
      items: [{ price }],
      ...(input.paymentMethodId ? { default_payment_method: input.paymentMethodId } : {}),
      ...trialParams(input.trialDays),
      metadata: { ...input.metadata, planId: input.planId, billing: input.billing },
    };
    const sub = await this.call(() => this.stripe.subscriptions.create(params, { idempotencyKey: idempotencyKeyFor(idempotencyKey, params) }));
    return this.toSubscription(sub);
  }

  async createSubscriptionWithPendingSetup(
    input: { customerId: string; planId: PlanId; billing: Billing; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ subscription: ProviderSubscription; clientSecret: string }> {
    const price = await this.planPriceId(input.planId, input.billing);
    const params: Stripe.SubscriptionCreateParams = {
      customer: input.customerId,
      items: [{ price }],
      ...trialParams(input.trialDays),
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { ...input.metadata, planId: input.planId, billing: input.billing },
      expand: ["pending_setup_intent", "latest_invoice.confirmation_secret"],
    };
    const sub = await this.call(() => this.stripe.subscriptions.create(params, { idempotencyKey: idempotencyKeyFor(idempotencyKey, params) }));
    const pending = sub.pending_setup_intent;
    let clientSecret = pending && typeof pending !== "string" ? pending.client_secret : null;
    if (!clientSecret && sub.latest_invoice && typeof sub.latest_invoice !== "string") {
      clientSecret = sub.latest_invoice.confirmation_secret?.client_secret ?? null;
    }
    if (!clientSecret) throw new ProviderError("No client secret received", "no_client_secret", false);
    return { subscription: this.toSubscription(sub), clientSecret };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return this.toSubscription(await this.stripe.subscriptions.retrieve(id));
    } catch (err) {
      const e = providerError(err);
      if (e.code === "resource_missing") return null;
      throw e;
    }
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const out: ProviderSubscription[] = [];
    await this.call(async () => {
      for await (const s of this.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 })) {
        out.push(this.toSubscription(s));
      }
    });
    return out;
  }

  async cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    const params: Stripe.SubscriptionUpdateParams = { cancel_at_period_end: true };
    const s = await this.call(() =>
      this.stripe.subscriptions.update(subscriptionId, params, { idempotencyKey: idempotencyKeyFor(idempotencyKey, { subscription: subscriptionId, ...params }) }),
    );
    return this.toSubscription(s);
  }

  /**
   * Opens the portal with the configuration billing:sync provisioned (found by
   * its marker once per process); without one, Stripe's account default.
   */
  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    if (!this.portalConfigurationId) this.portalConfigurationId = (await this.call(() => findPortalConfiguration(this.stripe)))?.id;
    const configuration = this.portalConfigurationId;
    const s = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, ...(configuration ? { configuration } : {}) }),
    );
    return { url: s.url };
  }

  toInvoice(inv: Stripe.Invoice): ProviderInvoice {
    const firstLine = inv.lines?.data?.[0]?.description ?? null;
    return {
      id: inv.id!,
      customerId: idOf(inv.customer)!,
      subscriptionId: idOf(inv.parent?.subscription_details?.subscription ?? null),
      // Stripe's type admits statuses added later; the mirror stores them as text (ADR 0014).
      status: (inv.status ?? "draft") as ProviderInvoiceStatus,
      description: inv.description ?? firstLine ?? (inv.number ? `Invoice ${inv.number}` : "Invoice"),
      amountDue: inv.amount_due,
      amountPaid: inv.amount_paid,
      currency: inv.currency,
      hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
      invoicePdfUrl: inv.invoice_pdf ?? null,
      periodStart: toDate(inv.period_start),
      periodEnd: toDate(inv.period_end),
      createdAt: toDate(inv.created)!,
      metadata: { ...(inv.metadata ?? {}) },
    };
  }

  async listInvoices(customerId: string, limit = 100): Promise<ProviderInvoice[]> {
    const list = await this.call(() => this.stripe.invoices.list({ customer: customerId, limit: Math.min(limit, 100) }));
    return list.data.filter((i) => i.status !== "draft").map((i) => this.toInvoice(i));
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
    await this.call(() =>
      this.stripe.billing.meterEvents.create(params, { idempotencyKey: idempotencyKeyFor(`meter-${input.identifier}`, params) }),
    );
  }

  /**
   * The invoice item parameters of one line. Stripe accepts only one-time
   * prices on invoice items, and the catalogue's prices are all recurring
   * (the plan prices and the metered usage prices), so a line never sends
   * `pricing[price]`: it sends `price_data` (the catalogue price's product and
   * currency, the line's unit amount), which makes an inline one-time price.
   * A line without a price is a custom amount (cents).
   */
  private async itemPricing(line: InvoiceLine, cache: Map<string, Stripe.Price>): Promise<Partial<Stripe.InvoiceItemCreateParams>> {
    if (line.priceId) {
      let price = cache.get(line.priceId);
      if (!price) {
        const id = line.priceId;
        price = await this.call(() => this.stripe.prices.retrieve(id));
        cache.set(id, price);
      }
      return { price_data: { currency: price.currency, product: idOf(price.product)!, unit_amount: line.unitAmount } };
    }
    return { currency: "usd", unit_amount_decimal: Stripe.Decimal.from(line.unitAmount) };
  }

  /**
   * Undoes a half-made bill-now invoice after a failure that retrying will
   * not cure: the draft (and with it its items) is deleted, or voided if it
   * was finalized after all. A retryable failure leaves everything in place:
   * the caller retries the whole entry under the same keys, which replays
   * what was done and carries on. When the clean-up itself fails the error
   * comes back retryable, so the caller tries again rather than leaving
   * anything to be billed.
   */
  private async discardInvoice(invoiceId: string, cause: ProviderError): Promise<void> {
    try {
      const inv = await this.stripe.invoices.retrieve(invoiceId);
      if (inv.status === "draft") await this.stripe.invoices.del(invoiceId);
      else if (inv.status === "open") await this.stripe.invoices.voidInvoice(invoiceId);
    } catch (err) {
      const e = providerError(err);
      if (e.code === "resource_missing") return;
      throw new ProviderError(cause.message, cause.code, true, cause.type);
    }
  }

  /** Deletes pending invoice items made for an entry that failed (see discardInvoice). */
  private async discardItems(itemIds: string[], cause: ProviderError): Promise<void> {
    for (const id of itemIds) {
      try {
        await this.stripe.invoiceItems.del(id);
      } catch (err) {
        const e = providerError(err);
        if (e.code === "resource_missing") continue;
        throw new ProviderError(cause.message, cause.code, true, cause.type);
      }
    }
  }

  /**
   * Bill now: a draft (auto_advance false, so a half-filled draft is never
   * finalized by Stripe on its own), its items, then finalize with automatic
   * collection (auto_advance true: Stripe keeps collecting and retries a
   * failed payment, and its dunning settings decide the end) and one payment
   * attempt at once. A declined attempt leaves the invoice open with its
   * hosted URL. A failure before the invoice is finalized that retrying will
   * not cure deletes the draft, so nothing of it is ever billed.
   */
  async createInvoiceNow(
    input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date }; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderInvoice> {
    const draftParams: Stripe.InvoiceCreateParams = {
      customer: input.customerId,
      subscription: input.subscriptionId,
      auto_advance: false,
      pending_invoice_items_behavior: "exclude",
      collection_method: "charge_automatically",
      metadata: input.metadata,
    };
    const draft = await this.call(() => this.stripe.invoices.create(draftParams, { idempotencyKey: idempotencyKeyFor(idempotencyKey, draftParams) }));
    let inv: Stripe.Invoice;
    try {
      const cache = new Map<string, Stripe.Price>();
      let i = 0;
      for (const line of input.lines) {
        const pricing = await this.itemPricing(line, cache);
        const n = i++;
        const item = {
          customer: input.customerId,
          invoice: draft.id!,
          quantity: line.quantity,
          description: line.description || line.productName,
          period: { start: unix(input.period.start), end: unix(input.period.end) },
          ...pricing,
        } as Stripe.InvoiceItemCreateParams;
        await this.call(() => this.stripe.invoiceItems.create(item, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-item-${n}`, item) }));
      }
      const finalize: Stripe.InvoiceFinalizeInvoiceParams = { auto_advance: true };
      inv = await this.call(() =>
        this.stripe.invoices.finalizeInvoice(draft.id!, finalize, {
          idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-finalize`, { invoice: draft.id, ...finalize }),
        }),
      );
    } catch (err) {
      const e = providerError(err);
      if (!e.retryable) await this.discardInvoice(draft.id!, e);
      throw e;
    }
    if (inv.status === "open" && inv.amount_due > 0) {
      try {
        inv = await this.stripe.invoices.pay(inv.id!, {}, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-pay`, { invoice: inv.id }) });
      } catch (err) {
        // The invoice is final and Stripe collects it automatically: a decline
        // (or an unanswered attempt) leaves it open with its hosted URL. Read
        // it again in case the attempt went through and only the answer was lost.
        const e = providerError(err);
        if (!e.isCardError) {
          try {
            inv = await this.stripe.invoices.retrieve(inv.id!);
          } catch {
            // Keep the finalized invoice as answered.
          }
        }
      }
    }
    return this.toInvoice(inv);
  }

  /**
   * Next invoice: one pending item per line. A failure that retrying will not
   * cure deletes the items already made for this call, so a failed entry
   * leaves nothing for the renewal invoice to bill.
   */
  async addPendingInvoiceItems(
    input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date } },
    idempotencyKey: string,
  ): Promise<void> {
    const cache = new Map<string, Stripe.Price>();
    const created: string[] = [];
    try {
      let i = 0;
      for (const line of input.lines) {
        const pricing = await this.itemPricing(line, cache);
        const n = i++;
        const item = {
          customer: input.customerId,
          subscription: input.subscriptionId,
          quantity: line.quantity,
          description: line.description || line.productName,
          period: { start: unix(input.period.start), end: unix(input.period.end) },
          ...pricing,
        } as Stripe.InvoiceItemCreateParams;
        const made = await this.call(() => this.stripe.invoiceItems.create(item, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}-${n}`, item) }));
        created.push(made.id);
      }
    } catch (err) {
      const e = providerError(err);
      if (!e.retryable) await this.discardItems(created, e);
      throw e;
    }
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

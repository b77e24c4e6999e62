import "server-only";
import type {
  InvoiceLine,
  MeterEventName,
  PaymentProvider,
  PlanChange,
  ProviderEvent,
  ProviderInvoice,
  ProviderPrice,
  ProviderSetupIntent,
  ProviderSubscription,
  UpcomingInvoice,
} from "../provider/port";
import type { Billing, PlanId } from "@/features/plans/catalogue";
import type { CardInput } from "./card-checks";
import * as customers from "./customers-and-cards.server";
import * as invoices from "./invoices.server";
import * as pricesAndMeters from "./prices-and-meters.server";
import type { CustomerData, InvoiceLineData, PaymentMethodData, SetupIntentData } from "./sandbox-objects";
import type { SQL } from "drizzle-orm";
import { sandboxNow, sandboxNowSql, type SandboxRow } from "./store.server";
import * as subscriptions from "./subscriptions.server";
import * as webhooks from "./webhook-signing.server";

export { sandboxWebhookSecret } from "./webhook-signing.server";

/**
 * The sandbox payment provider: the embedded default. Behaves like the
 * provider for everything the product uses, with state in sandbox_objects and
 * no network. It composes the sandbox's parts: customers and cards, the
 * subscription lifecycle (rolled forward by the sandbox clock whenever read),
 * invoices, prices and meter events, and webhook signing.
 */
export class SandboxProvider implements PaymentProvider {
  readonly kind = "sandbox" as const;
  /** Subscriptions roll over with the sandbox clock; no webhook announces it. */
  readonly periodsAdvanceWithoutWebhooks = true;

  /** The sandbox clock. */
  now(): Promise<Date> {
    return sandboxNow();
  }

  nowSql(): SQL {
    return sandboxNowSql();
  }

  // ---- customers, cards, setup intents ----

  createCustomer(input: { email: string; name: string; accountId: string }, idempotencyKey: string): Promise<{ id: string }> {
    return customers.createCustomer(input, idempotencyKey);
  }

  retrieveCustomer(id: string): Promise<SandboxRow<CustomerData> | null> {
    return customers.retrieveCustomer(id);
  }

  /** Every sandbox customer id (the clock action syncs them all). */
  allCustomerIds(): Promise<string[]> {
    return customers.allCustomerIds();
  }

  createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent> {
    return customers.createSetupIntent(customerId, idempotencyKey);
  }

  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent> {
    return customers.retrieveSetupIntent(id);
  }

  /** The setup intent a client secret belongs to (the client-side confirm call). */
  setupIntentByClientSecret(clientSecret: string): Promise<SandboxRow<SetupIntentData> | null> {
    return customers.setupIntentByClientSecret(clientSecret);
  }

  /**
   * Confirms a setup intent with a test card, as the provider's client library
   * does (card-checks.ts). A saved card also pays the customer's past_due
   * subscriptions (subscriptions.retryPastDueWith: the sandbox's shortcut for
   * Stripe retrying their open invoices with the new default card).
   */
  async confirmSetupIntent(clientSecret: string, card: CardInput): Promise<ProviderSetupIntent> {
    const si = await customers.confirmSetupIntent(clientSecret, card);
    if (si.status === "succeeded" && si.customerId && si.paymentMethodId) await subscriptions.retryPastDueWith(si.customerId, si.paymentMethodId);
    return si;
  }

  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    return customers.setDefaultPaymentMethod(customerId, paymentMethodId);
  }

  paymentMethod(id: string | null): Promise<SandboxRow<PaymentMethodData> | null> {
    return customers.paymentMethod(id);
  }

  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    return customers.createPortalSession(customerId, returnUrl);
  }

  // ---- subscriptions ----

  createTrialSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string | null; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    return subscriptions.createTrialSubscription(input, idempotencyKey);
  }

  createPaidSubscription(
    input: { customerId: string; planId: PlanId; billing: Billing; paymentMethodId: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    return subscriptions.createPaidSubscription(input, idempotencyKey);
  }

  createSubscriptionWithPendingSetup(
    input: { customerId: string; planId: PlanId; billing: Billing; trialDays: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ subscription: ProviderSubscription; clientSecret: string }> {
    return subscriptions.createSubscriptionWithPendingSetup(input, idempotencyKey);
  }

  /** The pending setup intent's client secret while the trialing subscription still waits for a card. */
  async resumePendingSetup(subscriptionId: string): Promise<{ subscription: ProviderSubscription; clientSecret: string } | null> {
    const row = await subscriptions.advance(subscriptionId);
    if (!row || row.data.status !== "trialing" || !row.data.pendingSetupIntentId) return null;
    const si = await customers.retrieveSetupIntent(row.data.pendingSetupIntentId);
    return si.status === "succeeded" ? null : { subscription: subscriptions.toSubscription(row), clientSecret: si.clientSecret };
  }

  /** Confirming a sandbox setup intent already saves its card as both defaults; this repeats it (idempotent). */
  async makeSetupCardDefault(setupIntentId: string, idempotencyKey: string): Promise<void> {
    void idempotencyKey; // setting the same default twice has the same effect
    const si = await customers.retrieveSetupIntent(setupIntentId);
    if (si.status === "succeeded" && si.customerId && si.paymentMethodId) await customers.setDefaultPaymentMethod(si.customerId, si.paymentMethodId);
  }

  retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    return subscriptions.retrieveSubscription(id);
  }

  listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    return subscriptions.listSubscriptions(customerId);
  }

  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    return subscriptions.cancelAtPeriodEnd(subscriptionId, idempotencyKey);
  }

  previewPlanChange(subscriptionId: string, change: Omit<PlanChange, "when">): Promise<{ amountDue: number; prorationDate: Date }> {
    return subscriptions.previewPlanChange(subscriptionId, change);
  }

  changePlan(subscriptionId: string, change: PlanChange, idempotencyKey: string): Promise<ProviderSubscription> {
    return subscriptions.changePlan(subscriptionId, change, idempotencyKey);
  }

  cancelPendingPlanChange(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    return subscriptions.cancelPendingPlanChange(subscriptionId, idempotencyKey);
  }

  resumeSubscription(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    return subscriptions.resumeSubscription(subscriptionId, idempotencyKey);
  }

  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    return subscriptions.cancelNow(subscriptionId, idempotencyKey);
  }

  // ---- invoices (subscriptions are rolled forward first) ----

  async listInvoices(customerId: string, limit = 100): Promise<ProviderInvoice[]> {
    await subscriptions.advanceCustomer(customerId);
    return invoices.listInvoices(customerId, limit);
  }

  retrieveInvoice(id: string): Promise<(ProviderInvoice & { lines: InvoiceLineData[]; lastError: string | null }) | null> {
    return invoices.retrieveInvoice(id);
  }

  async upcomingInvoice(customerId: string, subscriptionId: string): Promise<UpcomingInvoice | null> {
    return invoices.upcomingInvoice(customerId, await subscriptions.advance(subscriptionId));
  }

  async createInvoiceNow(
    input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date }; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderInvoice> {
    return invoices.createInvoiceNow(await subscriptions.advance(input.subscriptionId), input, idempotencyKey);
  }

  addPendingInvoiceItems(input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date } }, idempotencyKey: string): Promise<void> {
    return invoices.addPendingInvoiceItems(input, idempotencyKey);
  }

  /** The sandbox makes an invoice with its lines, or all pending items, in one transaction: nothing is ever left half-made. */
  async discardUnfinishedBilling(customerId: string, idempotencyKey: string): Promise<void> {
    void customerId;
    void idempotencyKey;
  }

  // ---- prices, meters, webhooks ----

  listPrices(): Promise<ProviderPrice[]> {
    return pricesAndMeters.listPrices();
  }

  reportMeterEvent(input: { eventName: MeterEventName; customerId: string; value: number; identifier: string; timestamp: Date }): Promise<void> {
    return pricesAndMeters.reportMeterEvent(input);
  }

  constructWebhookEvent(rawBody: string, signature: string | null): Promise<ProviderEvent> {
    return webhooks.constructWebhookEvent(rawBody, signature);
  }
}

import "server-only";
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import {
  METER_EVENT_NAMES,
  ProviderError,
  type InvoiceLine,
  type MeterEventName,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderSubscription,
} from "@/features/billing/provider/port";
import { meteredLookupKey } from "@/features/billing/provider/prices";
import { meterEventWindowProblem } from "../provider-window";

/**
 * An in-memory PaymentProvider for tests of usage and overage services.
 * It de-duplicates meter events by identifier and invoices by idempotency key
 * (like Stripe), and can be told to fail, or to process a call and then
 * fail to answer (a "slow" provider whose answer is lost, so the caller retries).
 */
export class FakeProvider implements PaymentProvider {
  readonly kind = "sandbox" as const;
  /** In memory: nothing rolls over by itself. */
  readonly periodsAdvanceWithoutWebhooks = false;
  /** How far the provider's clock runs ahead of real time (a test lets days pass). */
  clockOffsetMs = 0;
  meterEvents = new Map<string, { eventName: MeterEventName; customerId: string; value: number; timestamp: Date }>();
  meterCalls = 0;
  invoices = new Map<string, ProviderInvoice>();
  invoiceLines = new Map<string, InvoiceLine[]>();
  pendingItems = new Map<string, { subscriptionId: string; lines: InvoiceLine[] }>();
  subscriptions = new Map<string, ProviderSubscription>();
  /** Next N calls of a kind throw a retryable error before doing anything. */
  failNext: { meter: number; invoice: number; pending: number } = { meter: 0, invoice: 0, pending: 0 };
  /** Next N meter calls record the event, then throw as if the answer was lost. */
  loseAnswerNext = 0;
  /** When set, invoice calls throw this non-retryable error. */
  invoiceError: ProviderError | null = null;
  prices: ProviderPrice[] = [
    {
      id: "price_small_monthly",
      lookupKey: "plan_small_monthly",
      productName: "Small plan",
      unitLabel: null,
      unitAmount: 14900,
      recurringInterval: "month",
      usageType: "licensed",
      meterEventName: null,
    },
    ...METER_EVENT_NAMES.map((name, i) => ({
      id: `price_${meteredLookupKey(name, "small", "monthly")}`,
      lookupKey: meteredLookupKey(name, "small", "monthly"),
      productName: `Small ${name.replace("_", " ")} usage`,
      unitLabel: name.startsWith("phone") ? "call" : "text",
      unitAmount: 198 - i,
      recurringInterval: "month" as const,
      usageType: "metered" as const,
      meterEventName: name,
    })),
  ];

  async now(): Promise<Date> {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  nowSql(): SQL {
    return sql`${new Date(Date.now() + this.clockOffsetMs).toISOString()}::timestamptz`;
  }

  private down(kind: keyof FakeProvider["failNext"]): void {
    if (this.failNext[kind] > 0) {
      this.failNext[kind] -= 1;
      throw new ProviderError("provider unavailable (test)", "api_error", true);
    }
  }

  meterTotal(customerId: string, eventName?: MeterEventName): number {
    let total = 0;
    for (const e of this.meterEvents.values()) if (e.customerId === customerId && (!eventName || e.eventName === eventName)) total += e.value;
    return total;
  }

  async reportMeterEvent(input: { eventName: MeterEventName; customerId: string; value: number; identifier: string; timestamp: Date }): Promise<void> {
    this.meterCalls += 1;
    this.down("meter");
    // Stripe refuses a meter event dated more than 35 days back or more than 5 minutes ahead with a
    // 400 (not retryable) and does not count it: the `timestamp` parameter of
    // https://docs.stripe.com/api/billing/meter-event/create ("must be within the past 35 calendar days
    // or up to 5 minutes in the future").
    const outside = meterEventWindowProblem(input.timestamp, await this.now());
    if (outside) throw new ProviderError(outside, "timestamp_out_of_range", false);
    if (!this.meterEvents.has(input.identifier)) {
      this.meterEvents.set(input.identifier, { eventName: input.eventName, customerId: input.customerId, value: input.value, timestamp: input.timestamp });
    }
    if (this.loseAnswerNext > 0) {
      this.loseAnswerNext -= 1;
      throw new ProviderError("timeout waiting for the provider (test)", "api_connection_error", true);
    }
  }

  async createInvoiceNow(
    input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date }; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<ProviderInvoice> {
    this.down("invoice");
    if (this.invoiceError) throw this.invoiceError;
    const existing = this.invoices.get(idempotencyKey);
    if (existing) return existing;
    const id = `in_${randomUUID().slice(0, 8)}`;
    const amount = input.lines.reduce((sum, l) => sum + l.quantity * l.unitAmount, 0);
    const invoice: ProviderInvoice = {
      id,
      customerId: input.customerId,
      subscriptionId: input.subscriptionId,
      status: "open",
      description: "Overage charges",
      amountDue: amount,
      amountPaid: 0,
      currency: "usd",
      hostedInvoiceUrl: `https://invoices.example.test/${id}`,
      invoicePdfUrl: null,
      periodStart: input.period.start,
      periodEnd: input.period.end,
      createdAt: new Date(),
      metadata: input.metadata,
    };
    this.invoices.set(idempotencyKey, invoice);
    this.invoiceLines.set(id, input.lines);
    return invoice;
  }

  async addPendingInvoiceItems(input: { customerId: string; subscriptionId: string; lines: InvoiceLine[]; period: { start: Date; end: Date } }, idempotencyKey: string): Promise<void> {
    this.down("pending");
    if (this.invoiceError) throw this.invoiceError;
    if (!this.pendingItems.has(idempotencyKey)) this.pendingItems.set(idempotencyKey, { subscriptionId: input.subscriptionId, lines: input.lines });
  }

  async listPrices(): Promise<ProviderPrice[]> {
    return this.prices;
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    return this.subscriptions.get(id) ?? null;
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    return [...this.subscriptions.values()].filter((s) => s.customerId === customerId);
  }

  async createTrialSubscription(input: Parameters<PaymentProvider["createTrialSubscription"]>[0]): Promise<ProviderSubscription> {
    const now = new Date();
    const sub: ProviderSubscription = {
      id: `sub_${randomUUID().slice(0, 8)}`,
      customerId: input.customerId,
      status: input.trialDays > 0 ? "trialing" : "active",
      planId: input.planId,
      billing: input.billing,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86400_000),
      trialStart: input.trialDays > 0 ? now : null,
      trialEnd: input.trialDays > 0 ? new Date(now.getTime() + input.trialDays * 86400_000) : null,
      createdAt: now,
      metadata: input.metadata,
      defaultPaymentMethodId: input.paymentMethodId,
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  private unsupported(): never {
    throw new Error("not used by these tests");
  }
  createCustomer = async () => this.unsupported();
  createSetupIntent = async () => this.unsupported();
  retrieveSetupIntent = async () => this.unsupported();
  createSubscriptionWithPendingSetup = async () => this.unsupported();
  createPaidSubscription = async () => this.unsupported();
  /** Pending items of an entry are made in one step here: nothing to discard. */
  discardUnfinishedBilling = async () => undefined;
  resumePendingSetup = async () => this.unsupported();
  makeSetupCardDefault = async () => this.unsupported();
  cancelAtPeriodEnd = async () => this.unsupported();
  cancelNow = async () => this.unsupported();
  resumeSubscription = async () => this.unsupported();
  previewPlanChange = async () => this.unsupported();
  changePlan = async () => this.unsupported();
  cancelPendingPlanChange = async () => this.unsupported();
  createPortalSession = async () => this.unsupported();
  listInvoices = async (customerId: string) => [...this.invoices.values()].filter((i) => i.customerId === customerId);
  upcomingInvoice = async () => null;
  constructWebhookEvent = async () => this.unsupported();
}

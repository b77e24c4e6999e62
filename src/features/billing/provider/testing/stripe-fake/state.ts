import type { StripeEvent } from "./events";

export type Json = Record<string, unknown>;
export type Obj = Json & { id: string };

/** How a test payment method behaves when charged (https://docs.stripe.com/testing#declined-payments). */
export type CardBehaviour = "succeeds" | "declines_on_attach" | "declines_charges";

/**
 * Everything the fake holds: Stripe objects as the API returns them, keyed by
 * id, plus the few facts Stripe keeps to itself (a card's test behaviour,
 * meter events, which pending invoice items belong to which subscription).
 */
export class FakeState {
  private seq = 0;
  readonly customers = new Map<string, Obj>();
  readonly clocks = new Map<string, Obj>();
  readonly setupIntents = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly cardBehaviour = new Map<string, CardBehaviour>();
  readonly products = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly meters = new Map<string, Obj>();
  readonly meterEvents: Array<{ event_name: string; customer: string; value: number; identifier: string; timestamp: number; counted: boolean }> = [];
  readonly subscriptions = new Map<string, Obj>();
  readonly subscriptionSchedules = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly invoiceItems = new Map<string, Obj>();
  readonly portalConfigurations = new Map<string, Obj>();
  readonly portalSessions = new Map<string, Obj>();
  readonly events: StripeEvent[] = [];
  readonly trialWillEndSent = new Set<string>();
  /** Rate limits a test switched on (StripeFake.rateLimit): requests still to refuse, per method and path. */
  readonly rateLimits: Array<{ method: string | null; path: string | RegExp | null; remaining: number; retryAfterSeconds: number | null }> = [];
  /** The clock every new customer without `test_clock` is put on (StripeFake's `defaultClock` option). */
  defaultClockId: string | null = null;
  onEvent: ((event: StripeEvent) => void) | null = null;
  /** A clock's time while it advances: objects made on the way get the moment they happen at. */
  readonly advancing = new Map<string, number>();

  id(prefix: string): string {
    this.seq += 1;
    return `${prefix}_fake${String(this.seq).padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`;
  }

  /** Wall-clock time, in seconds. */
  realNow(): number {
    return Math.floor(Date.now() / 1000);
  }

  /** The time of a test clock (its frozen time), or real time without one. */
  clockNow(clockId: string | null | undefined): number {
    if (!clockId) return this.realNow();
    const clock = this.clocks.get(clockId);
    return this.advancing.get(clockId) ?? (clock ? (clock.frozen_time as number) : this.realNow());
  }

  /** "Now" for a customer's objects: the customer's test clock's time when it has one. */
  now(customerId: string | null | undefined): number {
    const customer = customerId ? this.customers.get(customerId) : undefined;
    return this.clockNow((customer?.test_clock as string | null | undefined) ?? null);
  }

  /** Finds any object by id (for `expand`). */
  find(id: string): Obj | undefined {
    for (const map of [
      this.customers,
      this.setupIntents,
      this.paymentMethods,
      this.products,
      this.prices,
      this.subscriptions,
      this.subscriptionSchedules,
      this.invoices,
      this.invoiceItems,
      this.clocks,
      this.meters,
    ]) {
      const o = map.get(id);
      if (o) return o;
    }
    return undefined;
  }
}

/** A deep copy (objects leave the fake as copies, so callers never change its state). */
export function copy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

export function list(data: unknown[], url: string): Json {
  return { object: "list", data, has_more: false, url };
}

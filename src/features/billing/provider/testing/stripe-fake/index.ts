import { LoopbackStripe } from "../loopback-stripe";
import { advanceClock, newClock, registerClocks } from "./clock";
import { signEvent, type StripeEvent } from "./events";
import { registerCatalogue } from "./objects/catalogue";
import { registerCustomers } from "./objects/customers";
import { registerInvoiceItems } from "./objects/invoice-items";
import { registerInvoices } from "./objects/invoices";
import { registerMeters } from "./objects/meters";
import { registerPaymentMethods } from "./objects/payment-methods";
import { registerPortal } from "./objects/portal";
import { registerPlanChange } from "./objects/plan-change";
import { registerSetupIntents } from "./objects/setup-intents";
import { registerSubscriptions } from "./objects/subscriptions";
import { Router } from "./router";
import { rateLimitRule, unknownParameterRule } from "./rules";
import { FakeState, copy, type Obj } from "./state";

export type { StripeEvent } from "./events";

export type StripeFakeOptions = {
  /** Serve on this LoopbackStripe (a test may add its own handlers); default a new one. */
  api?: LoopbackStripe;
  /**
   * Put every customer created without `test_clock` on one clock the test
   * controls (frozen at this time, default now): the app creates its own
   * customers, and this is how their time can move.
   */
  defaultClock?: boolean | Date;
  /** The account's default portal configuration has been saved in the Dashboard. */
  dashboardPortalDefault?: boolean;
};

/**
 * A stateful stand-in for api.stripe.com (API 2026-10-28.endive) for tests
 * and `npm run stripe:check -- --fake`: customers, setup intents with test
 * cards, products, prices, meters and meter events, subscriptions with
 * trials, invoices and invoice items, the customer portal and test clocks,
 * kept in memory, answered with API-shaped JSON, each state change recorded
 * as an event. It serves through LoopbackStripe, which records requests and
 * applies the idempotency and invoice-item price rules; rules.ts adds the
 * others. docs/decisions/0090-stateful-stripe-fake.md records its scope.
 */
export class StripeFake {
  readonly api: LoopbackStripe;
  readonly state = new FakeState();
  private readonly ownsServer: boolean;
  private delivered = 0;

  constructor(opts: StripeFakeOptions = {}) {
    this.api = opts.api ?? new LoopbackStripe();
    this.ownsServer = !opts.api;
    const router = new Router(this.api, this.state);
    registerCustomers(router);
    registerPaymentMethods(router);
    registerSetupIntents(router);
    registerCatalogue(router);
    registerMeters(router);
    registerSubscriptions(router);
    registerInvoices(router);
    registerInvoiceItems(router);
    registerPortal(router);
    registerPlanChange(router);
    registerClocks(router);
    this.api.rule(rateLimitRule(this.state));
    this.api.rule(unknownParameterRule(router));
    if (opts.defaultClock) {
      const at = opts.defaultClock instanceof Date ? opts.defaultClock : new Date();
      this.state.defaultClockId = newClock(this.state, Math.floor(at.getTime() / 1000), "default clock").id;
    }
    if (opts.dashboardPortalDefault) {
      // As if the portal settings were saved in the Dashboard: the account's default configuration.
      const id = this.state.id("bpc");
      this.state.portalConfigurations.set(id, {
        id,
        object: "billing_portal.configuration",
        active: true,
        is_default: true,
        livemode: false,
        features: {},
        metadata: {},
        created: this.state.realNow(),
      });
    }
  }

  async start(): Promise<this> {
    if (this.ownsServer || !this.api.port) await this.api.start();
    return this;
  }

  async stop(): Promise<void> {
    if (this.ownsServer) await this.api.stop();
  }

  get url(): string {
    return this.api.url;
  }

  /** Every event so far, oldest first. */
  get events(): readonly StripeEvent[] {
    return this.state.events;
  }

  set onEvent(fn: ((event: StripeEvent) => void) | null) {
    this.state.onEvent = fn;
  }

  /** The events since the last call (to deliver them to a webhook endpoint). */
  takeEvents(): StripeEvent[] {
    const out = this.state.events.slice(this.delivered);
    this.delivered = this.state.events.length;
    return out;
  }

  /** A payload and its Stripe-Signature header for `secret`. */
  sign(event: StripeEvent, secret: string): { payload: string; signature: string } {
    return signEvent(event, secret);
  }

  get defaultClockId(): string | null {
    return this.state.defaultClockId;
  }

  /** A test clock's current time. */
  clockTime(clockId = this.state.defaultClockId): Date {
    return new Date(this.state.clockNow(clockId) * 1000);
  }

  /** Advances a test clock (as POST /v1/test_helpers/test_clocks/{id}/advance does). */
  advanceClock(to: Date, clockId = this.state.defaultClockId): void {
    if (!clockId) throw new Error("StripeFake: no clock to advance (create one, or pass defaultClock)");
    advanceClock(this.state, clockId, Math.floor(to.getTime() / 1000));
  }

  /**
   * Switches Stripe's rate limiter on: the next `requests` requests (to
   * `path`, with `method`, when given) answer 429 rate_limit, with a
   * Retry-After of `retryAfterSeconds` when given (rules.ts, rateLimitRule).
   */
  rateLimit(opts: { requests: number; path?: string | RegExp; method?: string; retryAfterSeconds?: number }): void {
    this.state.rateLimits.push({ method: opts.method ?? null, path: opts.path ?? null, remaining: opts.requests, retryAfterSeconds: opts.retryAfterSeconds ?? null });
  }

  /** A copy of an object the fake holds, by id. */
  get(id: string): Obj | undefined {
    const found = this.state.find(id);
    return found ? copy(found) : undefined;
  }
}

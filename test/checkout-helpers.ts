import { expect } from "vitest";
import { getDb } from "@/lib/db";
import { paymentCustomers } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import { list, type LoopbackStripe } from "@/features/billing/provider/testing/loopback-stripe";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { POST as confirmSetup } from "@app/api/sandbox/confirm-setup/route";
import { call, createUser, type TestUser } from "./http-helpers";

/** The sandbox's test card that succeeds. */
export const TEST_CARD = "4242424242424242";

/** The sandbox card form's POST /api/sandbox/confirm-setup as `u`: confirms `clientSecret`'s setup intent with `cardNumber` (expiry 12/2040, CVC 123). */
export function confirmCard(u: { cookie: string }, clientSecret: string, cardNumber = TEST_CARD): Promise<Response> {
  return call(confirmSetup, { method: "POST", path: "/api/sandbox/confirm-setup", cookie: u.cookie, body: { clientSecret, cardNumber, expMonth: 12, expYear: 2040, cvc: "123" } });
}

/** Checkout on the sandbox provider up to a confirmed card (4242…) for the caller's account; returns the setup intent's id. */
export async function confirmedSetupIntent(u: TestUser): Promise<string> {
  const si = (await (await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: u.cookie, body: {} })).json()) as { clientSecret: string };
  const res = await confirmCard(u, si.clientSecret);
  expect(res.status).toBe(200);
  return ((await res.json()) as { setupIntent: { id: string } }).setupIntent.id;
}

/**
 * Stripe mode against a loopback API: starts `api`, puts the app on the
 * Stripe adapter pointed at it (no retries, `webhookSecret` for signed
 * events) and returns a new login whose account is `customer` at Stripe.
 */
export async function stripeModeCustomer(api: LoopbackStripe, customer: string, keys: { secretKey: string; webhookSecret?: string }, user: Parameters<typeof createUser>[0] = {}): Promise<TestUser> {
  await api.start();
  setProviderForTests(new StripeProvider({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret ?? "whsec_x", apiHost: api.url, maxNetworkRetries: 0 }));
  const u = await createUser(user);
  const db = await getDb();
  await db.insert(paymentCustomers).values({ accountId: u.id, providerCustomerId: customer });
  return u;
}

/**
 * A subscription as Stripe's API answers it (times in Unix seconds): the
 * Small monthly plan in one item whose period runs from `periodStart`
 * (default `created`) to `periodEnd`; a trial from `created` to `trialEnd`
 * when given; not cancelling.
 */
export function stripeSubscriptionJson(s: { id: string; customer: string; status: string; created: number; periodStart?: number; periodEnd: number; trialEnd?: number }) {
  return {
    id: s.id,
    object: "subscription",
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: false,
    cancel_at: null as number | null,
    created: s.created,
    trial_start: s.trialEnd === undefined ? null : s.created,
    trial_end: s.trialEnd ?? null,
    metadata: {} as Record<string, unknown>,
    items: {
      object: "list",
      data: [{ id: "si_1", current_period_start: s.periodStart ?? s.created, current_period_end: s.periodEnd, price: { id: "price_small_m", lookup_key: "plan_small_monthly" } }],
    },
  };
}

/** The provider's catalogue as the admin test tool reads it: no meters and one price, Small monthly (`price_small_m`). */
export function offerSmallMonthlyPrice(api: LoopbackStripe): void {
  api.on("GET", "/v1/billing/meters", { body: list([]) });
  api.on("GET", "/v1/prices", {
    body: list([
      {
        id: "price_small_m",
        object: "price",
        lookup_key: "plan_small_monthly",
        unit_amount: 14900,
        recurring: { interval: "month", usage_type: "licensed", meter: null },
        product: { id: "prod_s", object: "product", name: "Small Plan" },
      },
    ]),
  });
}

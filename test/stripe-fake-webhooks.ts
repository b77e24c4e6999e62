import Stripe from "stripe";
import { expect } from "vitest";
import { drainJobs } from "@/lib/jobs/testing.server";
import { setProviderForTests } from "@/features/billing/provider";
import { syncStripeCatalogue } from "@/features/billing/provider/billing-sync.server";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import type { StripeFake } from "@/features/billing/provider/testing/stripe-fake";
import { POST as webhook } from "@app/api/stripe/webhook/route";
import { BASE } from "./http-helpers";

/**
 * Starts `fake` and puts the app on the Stripe adapter against it (no
 * retries; `webhookSecret` for its signed events), with the catalogue
 * `npm run billing:sync` makes before going live (products, prices, meters,
 * the portal configuration). The provider, for calls a browser would make.
 */
export async function stripeOnFake(fake: StripeFake, keys: { secretKey: string; webhookSecret: string }): Promise<StripeProvider> {
  await fake.start();
  const provider = new StripeProvider({ ...keys, apiHost: fake.url, maxNetworkRetries: 0 });
  setProviderForTests(provider);
  await syncStripeCatalogue(provider.stripe);
  return provider;
}

/** POSTs a payload to the app's Stripe webhook route with its signature header. */
function postWebhook(payload: string, signature: string): Promise<Response> {
  return webhook(new Request(`${BASE}/api/stripe/webhook`, { method: "POST", headers: { "stripe-signature": signature }, body: payload }));
}

/** Delivers the fake's new events to the app's webhook route, signed with `secret`, then runs the sync jobs they queued. */
export async function deliverFakeEvents(fake: StripeFake, secret: string): Promise<void> {
  for (const event of fake.takeEvents()) {
    const { payload, signature } = fake.sign(event, secret);
    const res = await postWebhook(payload, signature);
    expect(res.status, `${event.type}: ${await res.clone().text()}`).toBe(200);
  }
  await drainJobs();
}

/** A Stripe event of `type` about `object`, as its webhook sends it: a new id unless given, created now unless given. */
export function stripeEventPayload(type: string, object: Record<string, unknown>, opts: { id?: string; created?: number } = {}): string {
  return JSON.stringify({
    id: opts.id ?? `evt_${crypto.randomUUID()}`,
    object: "event",
    type,
    created: opts.created ?? Math.floor(Date.now() / 1000),
    api_version: Stripe.API_VERSION,
    data: { object },
  });
}

/** Delivers `payload` to the app's webhook route signed with `secret` (Stripe's scheme), expects 200, then runs the jobs it queued. */
export async function deliverSignedEvent(payload: string, secret: string): Promise<void> {
  const res = await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
  expect(res.status).toBe(200);
  await drainJobs();
}

import "server-only";
import type Stripe from "stripe";

/**
 * The customer portal's configuration, which `npm run billing:sync`
 * provisions and the Stripe adapter names when it opens a portal session.
 * Without one, Stripe refuses portal sessions until someone saves the portal
 * settings in the dashboard. Ours is found by its metadata marker, never by
 * being the account's default.
 */
export const PORTAL_MARKER_KEY = "aiemp_managed_by";
export const PORTAL_MARKER_VALUE = "billing-sync";

/**
 * What the portal offers: cancel at the end of the period, update the
 * payment method, see past invoices. Plan changes and customer details stay
 * in our own pages, so those features are off.
 */
export function portalFeatures(): Stripe.BillingPortal.ConfigurationCreateParams.Features {
  return {
    customer_update: { enabled: false },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: "at_period_end" },
    subscription_update: { enabled: false },
  };
}

/** True when a configuration already offers exactly portalFeatures() and is active. */
export function portalConfigurationMatches(have: Stripe.BillingPortal.Configuration): boolean {
  const f = have.features;
  return (
    have.active &&
    f.customer_update?.enabled === false &&
    f.invoice_history?.enabled === true &&
    f.payment_method_update?.enabled === true &&
    f.subscription_cancel?.enabled === true &&
    f.subscription_cancel?.mode === "at_period_end" &&
    f.subscription_update?.enabled === false
  );
}

/** Our configuration (by marker), preferring an active one; null when billing:sync has not created it. */
export async function findPortalConfiguration(stripe: Stripe): Promise<Stripe.BillingPortal.Configuration | null> {
  let found: Stripe.BillingPortal.Configuration | null = null;
  for await (const c of stripe.billingPortal.configurations.list({ limit: 100 })) {
    if (c.metadata?.[PORTAL_MARKER_KEY] !== PORTAL_MARKER_VALUE) continue;
    if (c.active) return c;
    found ??= c;
  }
  return found;
}

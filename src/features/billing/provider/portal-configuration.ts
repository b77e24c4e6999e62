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

/** A plan product and its active plan prices (monthly and annual), which the portal may switch between. */
export type PortalPlanProduct = { product: string; prices: string[] };

/**
 * What the portal offers (issue 23): cancel at the end of the period and
 * resume before it (the portal offers "Renew" on a subscription that is
 * cancelling at period end, https://docs.stripe.com/customer-management/cancel-subscriptions#reactivate),
 * update the payment method, see past invoices, and change plan within the
 * catalogue's self-serve plans (Enterprise is not in it): upgrades at once
 * with the proration invoiced (always_invoice), downgrades and shorter
 * intervals at the period's end (schedule_at_period_end), as /billing does
 * (ADR 0114). Customer details stay in our own pages.
 */
export function portalFeatures(plans: PortalPlanProduct[]): Stripe.BillingPortal.ConfigurationCreateParams.Features {
  return {
    customer_update: { enabled: false },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: "at_period_end" },
    subscription_update: {
      enabled: plans.length > 0,
      default_allowed_updates: ["price"],
      products: plans.map((p) => ({ product: p.product, prices: [...p.prices].sort() })),
      proration_behavior: "always_invoice",
      schedule_at_period_end: { conditions: [{ type: "decreasing_item_amount" }, { type: "shortening_interval" }] },
    },
  };
}

/** True when a configuration already offers exactly portalFeatures(plans) and is active. */
export function portalConfigurationMatches(have: Stripe.BillingPortal.Configuration, plans: PortalPlanProduct[]): boolean {
  const f = have.features;
  const update = f.subscription_update;
  const products = (update?.products ?? []).map((p) => `${p.product}:${[...p.prices].sort().join(",")}`).sort();
  const want = plans.map((p) => `${p.product}:${[...p.prices].sort().join(",")}`).sort();
  const conditions = (update?.schedule_at_period_end?.conditions ?? []).map((c) => c.type).sort();
  return (
    have.active &&
    f.customer_update?.enabled === false &&
    f.invoice_history?.enabled === true &&
    f.payment_method_update?.enabled === true &&
    f.subscription_cancel?.enabled === true &&
    f.subscription_cancel?.mode === "at_period_end" &&
    update?.enabled === plans.length > 0 &&
    update.proration_behavior === "always_invoice" &&
    JSON.stringify(update.default_allowed_updates ?? []) === JSON.stringify(["price"]) &&
    JSON.stringify(products) === JSON.stringify(want) &&
    JSON.stringify(conditions) === JSON.stringify(["decreasing_item_amount", "shortening_interval"])
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

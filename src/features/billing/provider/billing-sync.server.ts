import "server-only";
import type Stripe from "stripe";
import { idempotencyKeyFor } from "./idempotency";
import { METER_EVENT_NAMES, type MeterEventName } from "./port";
import { PORTAL_MARKER_KEY, PORTAL_MARKER_VALUE, findPortalConfiguration, portalConfigurationMatches, portalFeatures } from "./portal-configuration";
import { METER_DISPLAY_NAMES, cataloguePrices, type CataloguePrice } from "./prices";

/**
 * `npm run billing:sync`: makes Stripe match the plan catalogue, idempotently.
 * Products have fixed ids (`aiemp_<productKey>`); the four meters are found by
 * event name; prices are found by lookup key. A price whose amount, interval,
 * meter or product changed is replaced by a new price that takes over the
 * lookup key (prices are immutable); the old one is archived. The customer
 * portal's configuration is found by our metadata marker and created or
 * updated (never a second one). Running it twice changes nothing the second
 * time. Every create's idempotency key covers all its parameters
 * (idempotencyKeyFor), so a changed catalogue is never refused as a reused
 * key. Returns one line per change.
 */
export type SyncChange = { action: "created" | "updated" | "replaced" | "archived"; what: string };

const PRODUCT_PREFIX = "aiemp_";

function isMissing(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "resource_missing";
}

export async function syncStripeCatalogue(stripe: Stripe): Promise<SyncChange[]> {
  const changes: SyncChange[] = [];
  const catalogue = cataloguePrices();

  // Products, by fixed id.
  const products = new Map<string, { name: string; unitLabel: string | null }>();
  for (const p of catalogue) products.set(p.productKey, { name: p.productName, unitLabel: p.unitLabel });
  for (const [key, want] of products) {
    const id = PRODUCT_PREFIX + key;
    let existing: Stripe.Product | null = null;
    try {
      existing = await stripe.products.retrieve(id);
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    if (!existing) {
      const params: Stripe.ProductCreateParams = { id, name: want.name, ...(want.unitLabel ? { unit_label: want.unitLabel } : {}), metadata: { catalogue_key: key } };
      await stripe.products.create(params, { idempotencyKey: idempotencyKeyFor(`billing-sync-product-${id}`, params) });
      changes.push({ action: "created", what: `product ${id} (${want.name})` });
    } else if (existing.name !== want.name || (existing.unit_label ?? null) !== want.unitLabel || !existing.active) {
      await stripe.products.update(id, { name: want.name, unit_label: want.unitLabel ?? "", active: true });
      changes.push({ action: "updated", what: `product ${id} (${want.name})` });
    }
  }

  // Meters, by event name (immutable except the display name).
  const meters = new Map<MeterEventName, string>();
  for await (const m of stripe.billing.meters.list({ limit: 100 })) {
    if ((METER_EVENT_NAMES as readonly string[]).includes(m.event_name) && m.status !== "inactive") {
      meters.set(m.event_name as MeterEventName, m.id);
      const name = METER_DISPLAY_NAMES[m.event_name as MeterEventName];
      if (m.display_name !== name) {
        await stripe.billing.meters.update(m.id, { display_name: name });
        changes.push({ action: "updated", what: `meter ${m.event_name} display name` });
      }
    }
  }
  for (const eventName of METER_EVENT_NAMES) {
    if (meters.has(eventName)) continue;
    const params: Stripe.Billing.MeterCreateParams = {
      display_name: METER_DISPLAY_NAMES[eventName],
      event_name: eventName,
      default_aggregation: { formula: "sum" },
      customer_mapping: { type: "by_id", event_payload_key: "stripe_customer_id" },
      value_settings: { event_payload_key: "value" },
    };
    const m = await stripe.billing.meters.create(params, { idempotencyKey: idempotencyKeyFor(`billing-sync-meter-${eventName}`, params) });
    meters.set(eventName, m.id);
    changes.push({ action: "created", what: `meter ${eventName}` });
  }

  // Prices, by lookup key (at most 10 keys per list call).
  const existing = new Map<string, Stripe.Price>();
  for (let i = 0; i < catalogue.length; i += 10) {
    const keys = catalogue.slice(i, i + 10).map((p) => p.lookupKey);
    const page = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 10 });
    for (const price of page.data) if (price.lookup_key) existing.set(price.lookup_key, price);
  }
  // The active plan prices by product, for the portal's plan changes.
  const planPrices = new Map<string, string[]>();
  const notePlanPrice = (want: CataloguePrice, id: string) => {
    if (want.usageType !== "licensed") return;
    const product = PRODUCT_PREFIX + want.productKey;
    planPrices.set(product, [...(planPrices.get(product) ?? []), id]);
  };
  for (const want of catalogue) {
    const meter = want.meterEventName ? meters.get(want.meterEventName)! : null;
    const have = existing.get(want.lookupKey);
    if (have && priceMatches(have, want, meter)) {
      notePlanPrice(want, have.id);
      continue;
    }
    const params: Stripe.PriceCreateParams = {
      currency: "usd",
      product: PRODUCT_PREFIX + want.productKey,
      unit_amount: want.unitAmount,
      lookup_key: want.lookupKey,
      transfer_lookup_key: Boolean(have),
      nickname: want.lookupKey,
      recurring: want.usageType === "metered" ? { interval: want.interval, usage_type: "metered", meter: meter! } : { interval: want.interval, usage_type: "licensed" },
      metadata: { plan: want.planId, billing: want.billing },
    };
    // The price being replaced is part of the intent: replacing it again later is a new request.
    const created = await stripe.prices.create(params, { idempotencyKey: idempotencyKeyFor(`billing-sync-price-${want.lookupKey}`, { ...params, replaces: have?.id ?? null }) });
    notePlanPrice(want, created.id);
    if (have) {
      await stripe.prices.update(have.id, { active: false });
      changes.push({ action: "replaced", what: `price ${want.lookupKey} (${have.unit_amount} -> ${want.unitAmount} cents)` });
    } else {
      changes.push({ action: "created", what: `price ${want.lookupKey} (${want.unitAmount} cents / ${want.interval})` });
    }
  }

  // The customer portal's configuration, by our metadata marker.
  const portal = await findPortalConfiguration(stripe);
  const plans = [...planPrices].map(([product, prices]) => ({ product, prices }));
  const features = portalFeatures(plans);
  if (!portal) {
    const params: Stripe.BillingPortal.ConfigurationCreateParams = {
      name: "AI Employees customer portal",
      features,
      metadata: { [PORTAL_MARKER_KEY]: PORTAL_MARKER_VALUE },
    };
    const created = await stripe.billingPortal.configurations.create(params, {
      idempotencyKey: idempotencyKeyFor("billing-sync-portal-configuration", params),
    });
    changes.push({ action: "created", what: `customer portal configuration ${created.id}` });
  } else if (!portalConfigurationMatches(portal, plans)) {
    await stripe.billingPortal.configurations.update(portal.id, { active: true, features });
    changes.push({ action: "updated", what: `customer portal configuration ${portal.id}` });
  }
  return changes;
}

function priceMatches(have: Stripe.Price, want: CataloguePrice, meter: string | null): boolean {
  const product = typeof have.product === "string" ? have.product : have.product?.id;
  return (
    have.unit_amount === want.unitAmount &&
    have.currency === "usd" &&
    product === PRODUCT_PREFIX + want.productKey &&
    have.recurring?.interval === want.interval &&
    (have.recurring?.usage_type ?? "licensed") === want.usageType &&
    (have.recurring?.meter ?? null) === meter
  );
}

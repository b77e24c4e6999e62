import { invalid, missing } from "../errors";
import { arr, bool, metadata, obj, str, type Params } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import { list, type Json, type Obj } from "../state";
import { customerOrMissing } from "./customers";
import { portalSessionProblem } from "../rules";

function features(r: Router, p: Params): Json {
  const f = obj(p);
  const flag = (k: string) => ({ enabled: bool(obj(f[k]).enabled) ?? false });
  const cancel = obj(f.subscription_cancel);
  return {
    customer_update: { ...flag("customer_update"), allowed_updates: [] },
    invoice_history: flag("invoice_history"),
    payment_method_update: flag("payment_method_update"),
    subscription_cancel: {
      ...flag("subscription_cancel"),
      mode: str(cancel.mode) ?? "at_period_end",
      proration_behavior: str(cancel.proration_behavior) ?? "none",
      cancellation_reason: { enabled: false, options: [] },
    },
    subscription_update: subscriptionUpdate(r, obj(f.subscription_update)),
  };
}

/**
 * features.subscription_update (https://docs.stripe.com/api/customer_portal/configurations/create#create_portal_configuration-features-subscription_update):
 * each product's prices must exist and belong to that product, and an
 * enabled plan switch needs products and allowed updates.
 */
function subscriptionUpdate(r: Router, u: Params): Json {
  const enabled = bool(u.enabled) ?? false;
  const products = arr(u.products).map((p, n) => {
    const o = obj(p as Params);
    const product = str(o.product) ?? "";
    const prices = arr(o.prices).filter((x): x is string => typeof x === "string");
    for (const id of prices) {
      const price = r.state.prices.get(id);
      if (!price) throw missing("price", id, `features[subscription_update][products][${n}][prices]`);
      if (price.product !== product) throw invalid(`The price ${id} does not belong to the product ${product}.`, `features[subscription_update][products][${n}][prices]`);
    }
    return { product, prices, adjustable_quantity: { enabled: false, maximum: null, minimum: 1 } };
  });
  const allowed = arr(u.default_allowed_updates).filter((x): x is string => typeof x === "string");
  if (enabled && (products.length === 0 || allowed.length === 0)) throw invalid("To enable subscription updates, set products and default_allowed_updates.", "features[subscription_update]");
  return {
    enabled,
    default_allowed_updates: allowed,
    proration_behavior: str(u.proration_behavior) ?? "none",
    products: products.length ? products : null,
    schedule_at_period_end: { conditions: arr(obj(u.schedule_at_period_end).conditions).map((c) => ({ type: str(obj(c as Params).type) })) },
    billing_cycle_anchor: null,
    trial_update_behavior: "end_trial",
  };
}

/** Customer portal configurations and sessions. */
export function registerPortal(r: Router): void {
  const s = r.state;
  r.add("POST", "/v1/billing_portal/configurations", ["features", "business_profile", "default_return_url", "login_page", "metadata", "name"], ({ params }) => {
    const now = s.realNow();
    const config: Obj = {
      id: s.id("bpc"),
      object: "billing_portal.configuration",
      active: true,
      application: null,
      business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
      created: now,
      default_return_url: str(params.default_return_url) ?? null,
      features: features(r, params.features as Params),
      // Only the configuration saved in the Dashboard is the default; API-made ones never are.
      is_default: false,
      livemode: false,
      login_page: { enabled: false, url: null },
      metadata: metadata(params.metadata),
      name: str(params.name) ?? null,
      updated: now,
    };
    s.portalConfigurations.set(config.id, config);
    emit(s, "billing_portal.configuration.created", config, now);
    return expand(s, config, expandList(params));
  });
  r.add("GET", "/v1/billing_portal/configurations", ["active", "is_default", "limit", "starting_after", "ending_before"], ({ params }) => {
    const active = bool(params.active);
    const isDefault = bool(params.is_default);
    return list(
      [...s.portalConfigurations.values()].filter((c) => (active === undefined || c.active === active) && (isDefault === undefined || c.is_default === isDefault)).reverse(),
      "/v1/billing_portal/configurations",
    );
  });
  r.add("GET", "/v1/billing_portal/configurations/:id", [], ({ pathParams: [id] }) => {
    const c = s.portalConfigurations.get(id!);
    if (!c) throw missing("configuration", id!, "configuration");
    return c;
  });
  r.add("POST", "/v1/billing_portal/configurations/:id", ["active", "features", "business_profile", "default_return_url", "login_page", "metadata", "name"], ({ params, pathParams: [id] }) => {
    const c = s.portalConfigurations.get(id!);
    if (!c) throw missing("configuration", id!, "configuration");
    if (bool(params.active) !== undefined) c.active = bool(params.active);
    if (params.features) c.features = features(r, params.features as Params);
    if (params.metadata) c.metadata = metadata(params.metadata, c.metadata as Record<string, string>);
    if (str(params.name) !== undefined) c.name = str(params.name) || null;
    c.updated = s.realNow();
    emit(s, "billing_portal.configuration.updated", c, c.updated as number);
    return c;
  });
  r.add("POST", "/v1/billing_portal/sessions", ["customer", "return_url", "configuration", "flow_data", "locale", "on_behalf_of"], ({ params }) => {
    const customer = customerOrMissing(s, str(params.customer) ?? "", "customer");
    const refused = portalSessionProblem(s, str(params.configuration));
    if (refused) throw refused;
    const configuration = str(params.configuration) ?? [...s.portalConfigurations.values()].find((c) => c.is_default)!.id;
    const id = s.id("bps");
    const session: Obj = {
      id,
      object: "billing_portal.session",
      configuration,
      created: s.now(customer.id),
      customer: customer.id,
      flow: null,
      livemode: false,
      locale: str(params.locale) ?? null,
      on_behalf_of: null,
      return_url: str(params.return_url) ?? null,
      url: `https://billing.stripe.com/p/session/test_${id}`,
    };
    s.portalSessions.set(id, session);
    return session;
  });
}

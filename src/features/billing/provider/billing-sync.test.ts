import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import Stripe from "stripe";
import { decodeParams } from "./testing/stripe-fake/params";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoopbackStripe, list, type RecordedRequest } from "./testing/loopback-stripe";
import { syncStripeCatalogue } from "./billing-sync.server";
import { HANDLED_EVENT_TYPES } from "../webhook.server";

const run = promisify(execFile);

type Price = {
  id: string;
  object: "price";
  lookup_key: string | null;
  unit_amount: number;
  currency: string;
  product: string;
  active: boolean;
  recurring: { interval: string; usage_type: string; meter: string | null };
};

/** A stateful fake of the product, meter and price endpoints. */
function fakeCatalogueApi(api: LoopbackStripe) {
  const products = new Map<string, { id: string; object: "product"; name: string; unit_label: string | null; active: boolean }>();
  const meters: Array<{ id: string; object: "billing.meter"; event_name: string; display_name: string; status: string }> = [];
  const prices: Price[] = [];
  let n = 0;
  api.on("GET", /^\/v1\/products\/[^/]+$/, (r) => {
    const p = products.get(r.path.split("/").pop()!);
    return p ? { body: p } : { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such product" } } };
  });
  api.on("POST", "/v1/products", (r) => {
    const p = { id: r.params.id!, object: "product" as const, name: r.params.name!, unit_label: r.params.unit_label ?? null, active: true };
    products.set(p.id, p);
    return { body: p };
  });
  api.on("POST", /^\/v1\/products\/[^/]+$/, (r) => {
    const p = products.get(r.path.split("/").pop()!)!;
    Object.assign(p, { name: r.params.name, unit_label: r.params.unit_label || null, active: true });
    return { body: p };
  });
  api.on("GET", "/v1/billing/meters", () => ({ body: list(meters) }));
  api.on("POST", "/v1/billing/meters", (r) => {
    const m = { id: `mtr_${++n}`, object: "billing.meter" as const, event_name: r.params.event_name!, display_name: r.params.display_name!, status: "active" };
    meters.push(m);
    return { body: m };
  });
  api.on("GET", "/v1/prices", (r: RecordedRequest) => {
    const keys = Object.entries(r.query)
      .filter(([k]) => k.startsWith("lookup_keys["))
      .map(([, v]) => v);
    return { body: list(prices.filter((p) => p.active && p.lookup_key && keys.includes(p.lookup_key))) };
  });
  api.on("POST", "/v1/prices", (r) => {
    if (r.params.transfer_lookup_key === "true") for (const p of prices) if (p.lookup_key === r.params.lookup_key) p.lookup_key = null;
    const p: Price = {
      id: `price_${++n}`,
      object: "price",
      lookup_key: r.params.lookup_key!,
      unit_amount: Number(r.params.unit_amount),
      currency: r.params.currency!,
      product: r.params.product!,
      active: true,
      recurring: { interval: r.params["recurring[interval]"]!, usage_type: r.params["recurring[usage_type]"]!, meter: r.params["recurring[meter]"] ?? null },
    };
    prices.push(p);
    return { body: p };
  });
  api.on("POST", /^\/v1\/prices\/[^/]+$/, (r) => {
    const p = prices.find((x) => x.id === r.path.split("/").pop())!;
    p.active = r.params.active !== "false";
    return { body: p };
  });
  const portalConfigs: Array<{
    id: string;
    object: "billing_portal.configuration";
    active: boolean;
    is_default: boolean;
    metadata: Record<string, string>;
    features: Record<string, Record<string, unknown>>;
  }> = [];
  /** The form-encoded features of a create/update request, as the API would store them ("true"/"false" as booleans). */
  const booleans = (v: unknown): unknown =>
    v === "true" ? true : v === "false" ? false : Array.isArray(v) ? v.map(booleans) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, booleans(x)])) : v;
  const featuresOf = (p: Record<string, string>) => booleans(decodeParams(p).features ?? {}) as Record<string, Record<string, unknown>>;
  api.on("GET", "/v1/billing_portal/configurations", () => ({ body: list(portalConfigs) }));
  api.on("POST", "/v1/billing_portal/configurations", (r) => {
    const metadata = Object.fromEntries(Object.entries(r.params).flatMap(([k, v]) => (k.startsWith("metadata[") ? [[k.slice(9, -1), v]] : [])));
    const c = { id: `bpc_${++n}`, object: "billing_portal.configuration" as const, active: true, is_default: false, metadata, features: featuresOf(r.params) };
    portalConfigs.push(c);
    return { body: c };
  });
  api.on("POST", /^\/v1\/billing_portal\/configurations\/[^/]+$/, (r) => {
    const c = portalConfigs.find((x) => x.id === r.path.split("/").pop())!;
    Object.assign(c.features, featuresOf(r.params));
    if (r.params.active) c.active = r.params.active === "true";
    return { body: c };
  });
  return { products, meters, prices, portalConfigs };
}

describe("billing:sync against a loopback Stripe", () => {
  const api = new LoopbackStripe();
  let state: ReturnType<typeof fakeCatalogueApi>;
  let stripe: Stripe;

  beforeAll(async () => {
    await api.start();
    state = fakeCatalogueApi(api);
    stripe = new Stripe("sk_test_sync", { host: "127.0.0.1", port: api.port, protocol: "http", maxNetworkRetries: 0 });
  });
  afterAll(() => api.stop());

  it("creates products, the four meters and every plan and metered price, then changes nothing on a second run", async () => {
    const first = await syncStripeCatalogue(stripe);
    expect(first.filter((c) => c.what.startsWith("product"))).toHaveLength(8);
    expect(state.meters.map((m) => m.event_name).sort()).toEqual(["phone_inbound", "phone_outbound", "text_inbound", "text_outbound"]);
    expect(state.prices).toHaveLength(40);
    expect(first).toContainEqual({ action: "created", what: expect.stringMatching(/^customer portal configuration bpc_/) });

    const small = state.prices.find((p) => p.lookup_key === "plan_small_monthly")!;
    expect(small).toMatchObject({ unit_amount: 14900, product: "aiemp_plan_small", recurring: { interval: "month", usage_type: "licensed", meter: null } });
    expect(state.prices.find((p) => p.lookup_key === "plan_small_annual")).toMatchObject({ unit_amount: 160800, recurring: { interval: "year" } });
    const meterPi = state.meters.find((m) => m.event_name === "phone_inbound")!.id;
    expect(state.prices.find((p) => p.lookup_key === "usage_phone_inbound_small_monthly")).toMatchObject({
      unit_amount: 198,
      product: "aiemp_usage_phone_inbound",
      recurring: { interval: "month", usage_type: "metered", meter: meterPi },
    });
    // Text sessions are half a unit: $0.83 on the small annual plan (spec 9).
    expect(state.prices.find((p) => p.lookup_key === "usage_text_inbound_small_annual")?.unit_amount).toBe(83);

    const meterCreate = api.find("POST", "/v1/billing/meters")[0]!;
    expect(meterCreate.params).toMatchObject({
      "default_aggregation[formula]": "sum",
      "customer_mapping[type]": "by_id",
      "customer_mapping[event_payload_key]": "stripe_customer_id",
      "value_settings[event_payload_key]": "value",
    });
    expect(api.find("POST", "/v1/prices").every((r) => r.idempotencyKey?.startsWith("billing-sync-price-"))).toBe(true);

    const second = await syncStripeCatalogue(stripe);
    expect(second).toEqual([]);
    expect(state.prices).toHaveLength(40);
  });

  it("replaces a price whose amount drifted and archives the old one", async () => {
    const drifted = state.prices.find((p) => p.lookup_key === "plan_medium_monthly")!;
    drifted.unit_amount = 39900;
    const changes = await syncStripeCatalogue(stripe);
    // The portal's plan switch offers the new price instead of the archived one.
    expect(changes).toEqual([
      { action: "replaced", what: "price plan_medium_monthly (39900 -> 42000 cents)" },
      { action: "updated", what: expect.stringMatching(/^customer portal configuration bpc_/) },
    ]);
    expect(drifted.active).toBe(false);
    expect(state.prices.filter((p) => p.active && p.lookup_key === "plan_medium_monthly").map((p) => p.unit_amount)).toEqual([42000]);
  });

  it("provisions one customer portal configuration (marked as ours), and updates it rather than creating a second", async () => {
    // Someone else's configuration (e.g. the dashboard default) is left alone.
    state.portalConfigs.push({ id: "bpc_dashboard", object: "billing_portal.configuration", active: true, is_default: true, metadata: {}, features: { invoice_history: { enabled: false } } });
    const ours = state.portalConfigs.filter((c) => c.metadata.aiemp_managed_by === "billing-sync");
    expect(ours).toHaveLength(1);
    expect(ours[0]!.features).toEqual({
      customer_update: { enabled: false },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: "at_period_end" },
      // Plan changes within the self-serve catalogue (issue 23): upgrades at once, downgrades at the period's end.
      subscription_update: {
        enabled: true,
        default_allowed_updates: ["price"],
        proration_behavior: "always_invoice",
        products: expect.arrayContaining([{ product: "aiemp_plan_small", prices: expect.arrayContaining([expect.stringMatching(/^price_/)]) }]),
        schedule_at_period_end: { conditions: [{ type: "decreasing_item_amount" }, { type: "shortening_interval" }] },
      },
    });
    const offered = (ours[0]!.features.subscription_update!.products as Array<{ product: string; prices: string[] }>).map((p) => p.product).sort();
    expect(offered).toEqual(["aiemp_plan_corp", "aiemp_plan_large", "aiemp_plan_medium", "aiemp_plan_small"]);
    const [create] = api.find("POST", "/v1/billing_portal/configurations");
    expect(create!.idempotencyKey).toMatch(/^billing-sync-portal-configuration-[0-9a-f]{16}$/);

    // Someone turned off cancellation in the dashboard: the next run puts it back on the same configuration.
    ours[0]!.features.subscription_cancel = { enabled: false, mode: "immediately" };
    const changes = await syncStripeCatalogue(stripe);
    expect(changes).toEqual([{ action: "updated", what: `customer portal configuration ${ours[0]!.id}` }]);
    expect(state.portalConfigs.filter((c) => c.metadata.aiemp_managed_by === "billing-sync")).toHaveLength(1);
    expect(ours[0]!.features.subscription_cancel).toEqual({ enabled: true, mode: "at_period_end" });
    expect(state.portalConfigs.find((c) => c.id === "bpc_dashboard")!.features).toEqual({ invoice_history: { enabled: false } });
    expect(await syncStripeCatalogue(stripe)).toEqual([]);
  });

  it("the npm script prints its changes, and refuses to run without STRIPE_SECRET_KEY", async () => {
    const cli = path.resolve("node_modules/tsx/dist/cli.mjs");
    // As `npm run billing:sync` does: server modules import "server-only", which needs the react-server condition.
    const CONDITIONS = ["--conditions=react-server"];
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      STRIPE_SECRET_KEY: "sk_test_script",
      STRIPE_PUBLISHABLE_KEY: "pk_test_script",
      STRIPE_WEBHOOK_SECRET: "whsec_script",
      STRIPE_API_HOST: api.url,
      PUBLIC_BASE_URL: "https://app.example.com",
    } as NodeJS.ProcessEnv;
    state.prices.find((p) => p.active && p.lookup_key === "plan_large_annual")!.unit_amount = 1;
    const ok = await run(process.execPath, [cli, ...CONDITIONS, "scripts/billing-sync.ts"], { env });
    expect(ok.stdout).toContain("replaced price plan_large_annual (1 -> 754800 cents)");
    expect(ok.stdout).toContain("2 change(s).");
    // What the operator registers at Stripe: the endpoint and the events the webhook handles.
    expect(ok.stdout).toContain("Webhook endpoint: https://app.example.com/api/stripe/webhook");
    for (const type of HANDLED_EVENT_TYPES) expect(ok.stdout).toContain(`  ${type}\n`);
    const again = await run(process.execPath, [cli, ...CONDITIONS, "scripts/billing-sync.ts"], { env });
    expect(again.stdout).toContain("nothing changed");

    const refused = await run(process.execPath, [cli, ...CONDITIONS, "scripts/billing-sync.ts"], { env: { PATH: env.PATH, HOME: env.HOME, NODE_ENV: "test" } as NodeJS.ProcessEnv }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("needs STRIPE_SECRET_KEY");
  }, 60_000);
});

import { invalid, missing } from "../errors";
import { arr, bool, metadata, num, obj, str } from "../params";
import { emit } from "../events";
import { expand, expandList, type Router } from "../router";
import { list, type FakeState, type Obj } from "../state";

export function priceOrMissing(state: FakeState, id: string, param = "price"): Obj {
  const p = state.prices.get(id);
  if (!p) throw missing("price", id, param);
  return p;
}

/** Products (fixed or generated ids) and prices (lookup keys, recurring licensed or metered, one-time). */
export function registerCatalogue(r: Router): void {
  const s = r.state;
  r.add("POST", "/v1/products", ["id", "name", "unit_label", "metadata", "active", "description", "default_price_data", "tax_code"], ({ params }) => {
    const id = str(params.id) ?? s.id("prod");
    if (s.products.has(id)) throw invalid(`Product already exists.`, "id", "resource_already_exists");
    const name = str(params.name);
    if (!name) throw invalid("Missing required param: name.", "name", "parameter_missing");
    const now = s.realNow();
    const product: Obj = {
      id,
      object: "product",
      active: bool(params.active) ?? true,
      created: now,
      default_price: null,
      description: str(params.description) ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: metadata(params.metadata),
      name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: "service",
      unit_label: str(params.unit_label) || null,
      updated: now,
      url: null,
    };
    s.products.set(id, product);
    emit(s, "product.created", product, now);
    return expand(s, product, expandList(params));
  });
  r.add("GET", "/v1/products/:id", [], ({ params, pathParams: [id] }) => {
    const p = s.products.get(id!);
    if (!p) throw missing("product", id!);
    return expand(s, p, expandList(params));
  });
  r.add("POST", "/v1/products/:id", ["name", "unit_label", "metadata", "active", "description"], ({ params, pathParams: [id] }) => {
    const p = s.products.get(id!);
    if (!p) throw missing("product", id!);
    if (str(params.name)) p.name = str(params.name);
    if (params.unit_label !== undefined) p.unit_label = str(params.unit_label) || null;
    if (bool(params.active) !== undefined) p.active = bool(params.active);
    if (params.metadata) p.metadata = metadata(params.metadata, p.metadata as Record<string, string>);
    p.updated = s.realNow();
    emit(s, "product.updated", p, p.updated as number);
    return expand(s, p, expandList(params));
  });

  r.add(
    "POST",
    "/v1/prices",
    ["currency", "product", "product_data", "unit_amount", "unit_amount_decimal", "lookup_key", "transfer_lookup_key", "nickname", "recurring", "metadata", "active", "billing_scheme", "tax_behavior"],
    ({ params }) => {
      const product = str(params.product);
      if (!product || !s.products.has(product)) throw missing("product", product ?? "", "product");
      const currency = str(params.currency);
      if (!currency) throw invalid("Missing required param: currency.", "currency", "parameter_missing");
      const lookupKey = str(params.lookup_key) ?? null;
      if (lookupKey) {
        const holder = [...s.prices.values()].find((p) => p.lookup_key === lookupKey);
        // https://docs.stripe.com/api/prices/create (transfer_lookup_key): a lookup key names one price; moving it needs transfer_lookup_key.
        if (holder && !bool(params.transfer_lookup_key)) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, "lookup_key");
        if (holder) holder.lookup_key = null;
      }
      const rec = obj(params.recurring);
      const interval = str(rec.interval);
      const usageType = str(rec.usage_type) ?? "licensed";
      const meter = str(rec.meter) ?? null;
      if (usageType === "metered" && !meter) throw invalid("Metered prices need a meter (recurring[meter]).", "recurring[meter]");
      if (meter && !s.meters.has(meter)) throw missing("billing meter", meter, "recurring[meter]");
      const id = s.id("price");
      const unitAmount = num(params.unit_amount) ?? null;
      const price: Obj = {
        id,
        object: "price",
        active: bool(params.active) ?? true,
        billing_scheme: "per_unit",
        created: s.realNow(),
        currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: lookupKey,
        metadata: metadata(params.metadata),
        nickname: str(params.nickname) ?? null,
        product,
        recurring: interval ? { interval, interval_count: num(rec.interval_count) ?? 1, meter, usage_type: usageType } : null,
        tax_behavior: "unspecified",
        tiers_mode: null,
        transform_quantity: null,
        type: interval ? "recurring" : "one_time",
        unit_amount: unitAmount,
        unit_amount_decimal: unitAmount === null ? null : String(unitAmount),
      };
      s.prices.set(id, price);
      emit(s, "price.created", price, price.created as number);
      return expand(s, price, expandList(params));
    },
  );
  r.add("GET", "/v1/prices/:id", [], ({ params, pathParams: [id] }) => expand(s, priceOrMissing(s, id!, "id"), expandList(params)));
  r.add("POST", "/v1/prices/:id", ["active", "lookup_key", "transfer_lookup_key", "metadata", "nickname"], ({ params, pathParams: [id] }) => {
    const p = priceOrMissing(s, id!, "id");
    if (bool(params.active) !== undefined) p.active = bool(params.active);
    if (params.lookup_key !== undefined) p.lookup_key = str(params.lookup_key) || null;
    if (params.nickname !== undefined) p.nickname = str(params.nickname) || null;
    if (params.metadata) p.metadata = metadata(params.metadata, p.metadata as Record<string, string>);
    emit(s, "price.updated", p, s.realNow());
    return expand(s, p, expandList(params));
  });
  r.add("GET", "/v1/prices", ["active", "currency", "lookup_keys", "product", "type", "recurring", "limit", "starting_after", "ending_before", "created"], ({ params }) => {
    const keys = arr(params.lookup_keys).filter((k): k is string => typeof k === "string");
    const active = bool(params.active);
    const product = str(params.product);
    const type = str(params.type);
    const data = [...s.prices.values()]
      .filter((p) => (keys.length === 0 || keys.includes(p.lookup_key as string)) && (active === undefined || p.active === active) && (!product || p.product === product) && (!type || p.type === type))
      .reverse();
    return expand(s, list(data, "/v1/prices"), expandList(params));
  });
}

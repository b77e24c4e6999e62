import { invalid, missing } from "../errors";
import { obj, str } from "../params";
import { expand, expandList, type Router } from "../router";
import { list, type Obj } from "../state";
import { meterEventProblem } from "../rules";

/** Billing meters (one per event name) and meter events (counted per customer for metered prices). */
export function registerMeters(r: Router): void {
  const s = r.state;
  r.add("POST", "/v1/billing/meters", ["display_name", "event_name", "default_aggregation", "customer_mapping", "value_settings", "event_time_window"], ({ params }) => {
    const eventName = str(params.event_name);
    if (!eventName) throw invalid("Missing required param: event_name.", "event_name", "parameter_missing");
    // https://docs.stripe.com/api/billing/meter/create: an event_name belongs to one active meter.
    if ([...s.meters.values()].some((m) => m.event_name === eventName && m.status === "active")) {
      throw invalid(`An active meter with event_name '${eventName}' already exists.`, "event_name");
    }
    const now = s.realNow();
    const mapping = obj(params.customer_mapping);
    const values = obj(params.value_settings);
    const meter: Obj = {
      id: s.id("mtr"),
      object: "billing.meter",
      created: now,
      customer_mapping: { event_payload_key: str(mapping.event_payload_key) ?? "stripe_customer_id", type: str(mapping.type) ?? "by_id" },
      default_aggregation: { formula: str(obj(params.default_aggregation).formula) ?? "sum" },
      display_name: str(params.display_name) ?? eventName,
      event_name: eventName,
      event_time_window: str(params.event_time_window) ?? null,
      livemode: false,
      status: "active",
      status_transitions: { deactivated_at: null },
      updated: now,
      value_settings: { event_payload_key: str(values.event_payload_key) ?? "value" },
    };
    s.meters.set(meter.id, meter);
    return expand(s, meter, expandList(params));
  });
  r.add("GET", "/v1/billing/meters", ["status", "limit", "starting_after", "ending_before"], ({ params }) => {
    const status = str(params.status);
    return list([...s.meters.values()].filter((m) => !status || m.status === status).reverse(), "/v1/billing/meters");
  });
  r.add("GET", "/v1/billing/meters/:id", [], ({ pathParams: [id] }) => {
    const m = s.meters.get(id!);
    if (!m) throw missing("billing meter", id!);
    return m;
  });
  r.add("POST", "/v1/billing/meters/:id", ["display_name"], ({ params, pathParams: [id] }) => {
    const m = s.meters.get(id!);
    if (!m) throw missing("billing meter", id!);
    if (str(params.display_name)) m.display_name = str(params.display_name);
    m.updated = s.realNow();
    return m;
  });
  r.add("POST", "/v1/billing/meter_events", ["event_name", "payload", "identifier", "timestamp"], ({ params }) => {
    const eventName = str(params.event_name);
    if (!eventName) throw invalid("Missing required param: event_name.", "event_name", "parameter_missing");
    const payload = obj(params.payload);
    const customer = str(payload.stripe_customer_id) ?? "";
    const value = str(payload.value) ?? "";
    const identifier = str(params.identifier) ?? s.id("mev");
    const requested = str(params.timestamp);
    const timestamp = requested === undefined ? s.now(customer) : Number(requested);
    const problem = meterEventProblem(s, { customer, value, identifier, timestamp });
    if (problem.refuse) throw problem.refuse;
    s.meterEvents.push({ event_name: eventName, customer, value: Number(value), identifier, timestamp, counted: !problem.duplicate });
    return { object: "billing.meter_event", created: s.realNow(), event_name: eventName, identifier, livemode: false, payload: { stripe_customer_id: customer, value }, timestamp };
  });
}

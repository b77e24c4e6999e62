import type { LoopbackStripe, RecordedRequest, Reply } from "../loopback-stripe";
import { FakeError } from "./errors";
import { decodeParams, type Params } from "./params";
import { copy, type FakeState, type Json, type Obj } from "./state";

export type RouteContext = { params: Params; pathParams: string[]; req: RecordedRequest };
type RouteFn = (ctx: RouteContext) => Json;

/** One route: its method, path pattern and the top-level parameters it accepts. */
export type RouteSpec = { method: string; pattern: RegExp; accepts: readonly string[]; path: string };

/**
 * Registers the fake's routes on a LoopbackStripe. A path like
 * `/v1/customers/:id` matches one path segment per `:name`; the handler gets
 * the decoded parameters (POST body, or the query of GET and DELETE). Every
 * route declares the top-level parameters it accepts; rules.ts refuses the
 * others. A FakeError becomes Stripe's error body.
 */
export class Router {
  readonly routes: RouteSpec[] = [];

  constructor(
    private readonly api: LoopbackStripe,
    readonly state: FakeState,
  ) {}

  add(method: string, path: string, accepts: readonly string[], fn: RouteFn): void {
    const pattern = new RegExp(`^${path.replace(/:[a-z_]+/g, "([^/]+)")}$`);
    this.routes.push({ method, pattern, accepts: [...accepts, "expand"], path });
    this.api.on(method, pattern, (req) => {
      const m = pattern.exec(req.path)!;
      const flat = method === "POST" ? req.params : req.query;
      try {
        return { body: fn({ params: decodeParams(flat), pathParams: m.slice(1).map(decodeURIComponent), req }) };
      } catch (err) {
        if (err instanceof FakeError) return errorReply(err);
        throw err;
      }
    });
  }

  /** The route a request is for, if the fake serves it. */
  routeOf(req: RecordedRequest): RouteSpec | undefined {
    return this.routes.find((r) => r.method === req.method && r.pattern.test(req.path));
  }
}

export function errorReply(err: FakeError): Reply {
  return { status: err.status, body: { error: err.error } };
}

/**
 * `expand[]`: each path (`latest_invoice.confirmation_secret`,
 * `data.product`) swaps an id for its object, on a copy. An invoice's
 * `confirmation_secret` is includable: present only when expanded.
 */
export function expand(state: FakeState, object: Json, paths: string[]): Json {
  const out = copy(object);
  for (const path of paths) expandPath(state, out, path.split("."));
  return out;
}

function expandPath(state: FakeState, node: Json, parts: string[]): void {
  const [head, ...rest] = parts;
  if (!head) return;
  if (node.object === "list" && head === "data") {
    for (const item of node.data as Json[]) expandPath(state, item, rest);
    return;
  }
  if (head === "confirmation_secret" && node.object === "invoice") {
    node.confirmation_secret = node.status === "open" ? { client_secret: `pi_${String(node.id)}_secret_fake`, type: "payment_intent" } : null;
    return;
  }
  let value = node[head];
  if (typeof value === "string") {
    const found = state.find(value);
    if (found) {
      value = copy(found) as Obj;
      node[head] = value;
    }
  }
  if (value && typeof value === "object") expandPath(state, value as Json, rest);
}

export function expandList(params: Params): string[] {
  const e = params.expand;
  if (Array.isArray(e)) return e.filter((x): x is string => typeof x === "string");
  if (e && typeof e === "object") return Object.values(e).filter((x): x is string => typeof x === "string");
  return [];
}

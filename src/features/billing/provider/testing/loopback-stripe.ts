import "server-only";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback HTTP server standing in for api.stripe.com in tests. It records
 * each request (method, path, query, form-encoded params, Idempotency-Key and
 * Stripe-Version headers) and answers with the JSON a route handler returns.
 * Point the SDK at it with `new Stripe(key, {host, port, protocol: 'http'})`.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
};

export type Reply = { status?: number; body: unknown; headers?: Record<string, string> };
export type Handler = (req: RecordedRequest) => Reply | undefined;

/**
 * Stripe's idempotency rule, as documented at
 * https://docs.stripe.com/api/idempotent_requests : a request that repeats an
 * Idempotency-Key with the same endpoint and parameters gets the first
 * request's saved result back (status code and body, errors included) without
 * running again; a repeated key with different parameters (or another
 * endpoint) is refused with an `idempotency_error`. Keys last at least 24 h,
 * so here they last as long as the server. Only POST requests take keys.
 */
type SavedResult = { fingerprint: string; reply: Reply };

export class LoopbackStripe {
  readonly requests: RecordedRequest[] = [];
  private handlers: Array<{ method: string; path: string | RegExp; handler: Handler }> = [];
  private readonly rules: Handler[] = [];
  private readonly idempotent = new Map<string, SavedResult>();
  private server: Server | null = null;
  port = 0;

  on(method: string, path: string | RegExp, handler: Handler | Reply): this {
    this.handlers.unshift({ method, path, handler: typeof handler === "function" ? handler : () => handler });
    return this;
  }

  /**
   * Adds a validation rule that runs before the route handlers: a reply it
   * returns refuses the request. Like Stripe's own validation, a refusal is
   * not saved under the request's idempotency key, so a corrected retry under
   * the same key runs.
   */
  rule(check: Handler): this {
    this.rules.push(check);
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Requests matching method and path (string equality or regexp). */
  find(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
  }

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const recorded = await record(req);
      this.requests.push(recorded);
      const key = recorded.method === "POST" ? recorded.idempotencyKey : null;
      const fingerprint = `${recorded.method} ${recorded.path} ${JSON.stringify(Object.entries(recorded.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;
      const saved = key ? this.idempotent.get(key) : undefined;
      let reply: Reply;
      const headers: Record<string, string> = { "content-type": "application/json", "request-id": `req_${this.requests.length}` };
      if (saved && saved.fingerprint !== fingerprint) {
        reply = {
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      } else if (saved) {
        reply = saved.reply;
        headers["idempotent-replayed"] = "true";
      } else {
        const refused = this.refuseRecurringInvoiceItemPrice(recorded) ?? this.applyRules(recorded);
        reply = refused ?? this.handle(recorded);
        // Stripe saves a result only once the endpoint started executing: a
        // request refused by validation or rate limiting (429) saves nothing,
        // so its retry under the same key runs again.
        if (key && !refused && reply.status !== 429) {
          this.idempotent.set(key, { fingerprint, reply: { status: reply.status, body: JSON.parse(JSON.stringify(reply.body ?? null)) } });
        }
      }
      res.writeHead(reply.status ?? 200, { ...headers, ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
  }

  private applyRules(recorded: RecordedRequest): Reply | null {
    for (const check of this.rules) {
      const reply = check(recorded);
      if (reply) return reply;
    }
    return null;
  }

  private handle(recorded: RecordedRequest): Reply {
    const match = this.handlers.find((h) => h.method === recorded.method && (typeof h.path === "string" ? h.path === recorded.path : h.path.test(recorded.path)));
    return (
      match?.handler(recorded) ?? {
        status: 404,
        body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such route: ${recorded.method} ${recorded.path}` } },
      }
    );
  }

  /**
   * Stripe's rule for invoice items: they take one-time prices only. The rule
   * is stated with the price parameter of "Create an invoice item" in the API
   * reference, https://docs.stripe.com/api/invoiceitems/create (`pricing.price`
   * since basil, `price` before), where a recurring price (licensed or
   * metered) is refused with a 400 invalid_request_error; `price_data` makes an
   * inline one-time price instead. The price is read from the test's
   * GET /v1/prices/{id} route, so a test that declares its prices gets the
   * refusal the real API would give.
   */
  private refuseRecurringInvoiceItemPrice(recorded: RecordedRequest): Reply | null {
    if (recorded.method !== "POST" || recorded.path !== "/v1/invoiceitems") return null;
    const priceId = recorded.params["pricing[price]"] ?? recorded.params.price;
    if (!priceId) return null;
    const found = this.handle({ ...recorded, method: "GET", path: `/v1/prices/${priceId}`, params: {}, query: {}, idempotencyKey: null });
    const price = (found.status ?? 200) < 300 ? (found.body as { type?: string; recurring?: unknown } | null) : null;
    if (!price || (price.type !== "recurring" && !price.recurring)) return null;
    return {
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          param: recorded.params["pricing[price]"] ? "pricing[price]" : "price",
          message: "The price specified is set to `type=recurring` but this field only accepts prices with `type=one_time`.",
        },
      },
    };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const body = Buffer.concat(chunks).toString("utf8");
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    params: Object.fromEntries(new URLSearchParams(body)),
    idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
    stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
  };
}

/** An API-shaped list body. */
export function list(data: unknown[], url = "/v1/list"): { object: "list"; data: unknown[]; has_more: false; url: string } {
  return { object: "list", data, has_more: false, url };
}

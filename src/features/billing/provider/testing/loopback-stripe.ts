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

export type Reply = { status?: number; body: unknown };
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
  private readonly idempotent = new Map<string, SavedResult>();
  private server: Server | null = null;
  port = 0;

  on(method: string, path: string | RegExp, handler: Handler | Reply): this {
    this.handlers.unshift({ method, path, handler: typeof handler === "function" ? handler : () => handler });
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
        const match = this.handlers.find(
          (h) => h.method === recorded.method && (typeof h.path === "string" ? h.path === recorded.path : h.path.test(recorded.path)),
        );
        reply = match?.handler(recorded) ?? {
          status: 404,
          body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such route: ${recorded.method} ${recorded.path}` } },
        };
        if (key) this.idempotent.set(key, { fingerprint, reply: { status: reply.status, body: JSON.parse(JSON.stringify(reply.body ?? null)) } });
      }
      res.writeHead(reply.status ?? 200, headers);
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
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

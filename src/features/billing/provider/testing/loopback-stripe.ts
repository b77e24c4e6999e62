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

export class LoopbackStripe {
  readonly requests: RecordedRequest[] = [];
  private handlers: Array<{ method: string; path: string | RegExp; handler: Handler }> = [];
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
      const match = this.handlers.find(
        (h) => h.method === recorded.method && (typeof h.path === "string" ? h.path === recorded.path : h.path.test(recorded.path)),
      );
      const reply = match?.handler(recorded) ?? {
        status: 404,
        body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such route: ${recorded.method} ${recorded.path}` } },
      };
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", "request-id": `req_${this.requests.length}` });
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

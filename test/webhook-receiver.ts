import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * A real HTTP receiver for outbound webhooks (issue 25), on 127.0.0.1, as a
 * customer's endpoint would be: every request is checked with the
 * `standardwebhooks` verifier (`new Webhook(secret).verify(body, headers)`)
 * against each secret it was given, and one that no secret verifies is
 * answered 401 (unless `rejectUnverified: false`). Tests decide the answers
 * (`respondWith`), take it down and up again on the same port, and read what
 * arrived (`received`). The product reaches it only when OUTBOUND_ALLOW_HOSTS
 * names `host`.
 */

export type ReceiverReply = number | { status: number; body?: string; headers?: Record<string, string> };

export type ReceivedWebhook = {
  /** The `webhook-id`, `webhook-timestamp` and `webhook-signature` headers (the last split into its "v1,…" entries). */
  id: string;
  timestamp: string;
  signatures: string[];
  headers: Record<string, string>;
  path: string;
  body: string;
  /** The body parsed as JSON (null when it is not JSON). */
  payload: { type?: string; timestamp?: string; data?: Record<string, unknown> } | null;
  /** The index of each secret (in the list given) that verifies this request. */
  verifiedWith: number[];
  verified: boolean;
  /** The status answered; null while held open or when the connection dropped first. */
  status: number | null;
  at: Date;
};

export type Responder = (req: ReceivedWebhook) => ReceiverReply | Promise<ReceiverReply>;

export type WebhookReceiver = {
  /** http://127.0.0.1:<port><path> */
  url: string;
  /** "127.0.0.1:<port>", for OUTBOUND_ALLOW_HOSTS. */
  host: string;
  port: number;
  received: ReceivedWebhook[];
  /** The answer to the next requests: a status, a status with body and headers, or a function of the request (it may never settle: the request is held open). */
  respondWith(reply: ReceiverReply | Responder): void;
  /** The secrets requests are verified with (e.g. after a rotation: the new and the old). */
  setSecrets(secrets: string[]): void;
  /** The webhook-ids received, in order. */
  ids(): string[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /** Stops listening (connections refused) until up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(opts: { secret?: string; secrets?: string[]; path?: string; rejectUnverified?: boolean; port?: number } = {}): Promise<WebhookReceiver> {
  let secrets = opts.secrets ?? (opts.secret ? [opts.secret] : []);
  const rejectUnverified = opts.rejectUnverified ?? true;
  const path = opts.path ?? "/webhooks";
  let responder: Responder = () => 200;
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const verifiedWith = secrets.flatMap((secret, i) => {
      try {
        new Webhook(secret).verify(body, headers);
        return [i];
      } catch {
        return [];
      }
    });
    let payload: ReceivedWebhook["payload"] = null;
    try {
      payload = JSON.parse(body) as ReceivedWebhook["payload"];
    } catch {
      payload = null;
    }
    const entry: ReceivedWebhook = {
      id: headers["webhook-id"] ?? "",
      timestamp: headers["webhook-timestamp"] ?? "",
      signatures: (headers["webhook-signature"] ?? "").split(" ").filter(Boolean),
      headers,
      path: req.url ?? "",
      body,
      payload,
      verifiedWith,
      verified: verifiedWith.length > 0,
      status: null,
      at: new Date(),
    };
    received.push(entry);
    for (const wake of [...waiters]) wake();
    if (rejectUnverified && !entry.verified) {
      entry.status = 401;
      res.writeHead(401, { "content-type": "text/plain" }).end("signature does not verify");
      return;
    }
    const reply = await responder(entry);
    if (res.destroyed) return;
    const { status, body: answer, headers: extra } = typeof reply === "number" ? { status: reply, body: undefined, headers: undefined } : reply;
    entry.status = status;
    res.writeHead(status, { "content-type": "text/plain", ...extra }).end(answer ?? `received ${entry.id}`);
  };

  let server: Server | undefined;
  // A given port (the e2e app may send only there); else a free one.
  let port = opts.port ?? 0;
  const listen = async () => {
    if (server?.listening) return;
    server = createServer((req, res) => {
      handle(req, res).catch((err: unknown) => {
        if (!res.headersSent && !res.destroyed) res.writeHead(500).end(String(err));
      });
    });
    server.on("connection", (s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    const s = server;
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve());
    });
    port = (s.address() as AddressInfo).port;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      if (!s?.listening) return resolve();
      for (const socket of sockets) socket.destroy();
      s.close(() => resolve());
    });

  await listen();
  return {
    url: `http://127.0.0.1:${port}${path}`,
    host: `127.0.0.1:${port}`,
    port,
    received,
    respondWith(reply) {
      responder = typeof reply === "function" ? reply : () => reply;
    },
    setSecrets(next) {
      secrets = next;
    },
    ids: () => received.map((r) => r.id),
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the receiver got ${received.length} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    down: stop,
    up: listen,
    close: stop,
  };
}

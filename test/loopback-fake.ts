import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * What every provider fake shares (Retell, Twilio): an HTTP server on a free
 * loopback port, and the test switches `down()` (answering 503, or cutting
 * every connection) and `up()`. Each fake writes its own `handle`, where the
 * provider's documented rules live.
 */
export abstract class LoopbackFake {
  protected state: "up" | "unavailable" | "refusing" = "up";
  private server: Server | null = null;
  private sockets = new Set<Socket>();

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on("connection", (socket) => {
      if (this.state === "refusing") {
        socket.destroy();
        return;
      }
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** http://127.0.0.1:<port> */
  protected get origin(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error(`the ${this.constructor.name} is not started`);
    return `http://127.0.0.1:${address.port}`;
  }

  /** What every handler reads first: the request's body as text, its method, its path (no query) and its Authorization header. */
  protected async readRequest(req: IncomingMessage): Promise<{ raw: string; method: string; path: string; authorization: string | null }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return {
      raw: Buffer.concat(chunks).toString("utf8"),
      method: req.method ?? "GET",
      path: (req.url ?? "/").split("?")[0]!,
      authorization: req.headers.authorization ?? null,
    };
  }

  /** Test switch: the provider is down, answering 503 ("unavailable") or cutting every connection ("refusing"). */
  down(how: "unavailable" | "refusing" = "unavailable"): void {
    this.state = how;
    if (how === "refusing") for (const s of this.sockets) s.destroy();
  }

  up(): void {
    this.state = "up";
  }
}

/** The error `p` rejects with, which must be a `type` (a provider adapter's error class); anything else fails the test. */
export async function rejectionOf<E extends Error>(p: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await p;
  } catch (err) {
    if (err instanceof type) return err;
    throw err;
  }
  throw new Error(`expected a ${type.name}, but it succeeded`);
}

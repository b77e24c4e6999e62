import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { createOutboundFetch, outboundFetch } from "@/lib/http/outbound-fetch";
import { OutboundRequestError, type OutboundFailure } from "@/lib/http/outbound-errors";
import type { AllowedHost } from "@/lib/http/outbound-allow-hosts";

/**
 * Issue 21, "Outbound requests from our server": the guarded fetch against
 * real HTTP servers on 127.0.0.1 that this test starts. Each server counts
 * the requests it received, so "refused" means nothing reached it.
 */

type Target = { port: number; hits: string[]; closed: Promise<void>[]; stop: () => Promise<void> };

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Target> {
  const hits: string[] = [];
  const closed: Promise<void>[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "");
    closed.push(new Promise((resolve) => res.on("close", () => resolve())));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hits,
    closed,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 5_000, allowHttp: true };

async function failure(p: Promise<unknown>): Promise<OutboundFailure> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundRequestError);
    return (err as OutboundRequestError).failure;
  }
  throw new Error("the request was not refused");
}

let audio: Target; // answers "hello" on any path
let other: Target; // a second loopback service that must never be reached
let allowed: AllowedHost[] = [];
const guarded = createOutboundFetch({ allowHosts: () => allowed });

beforeAll(async () => {
  audio = await serve((req, res) => {
    const hop = /^\/hop\/(\d+)$/.exec(req.url ?? "");
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : "/done" }).end();
      return;
    }
    if (req.url === "/to-other") return void res.writeHead(302, { location: `http://127.0.0.1:${other.port}/secret` }).end();
    if (req.url === "/to-localhost") return void res.writeHead(307, { location: `http://localhost:${other.port}/secret` }).end();
    if (req.url === "/to-mapped") return void res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${other.port}/secret` }).end();
    if (req.url === "/big") {
      // 2 MB with no Content-Length: only counting the bytes can stop it.
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const write = () => {
        while (sent < 32 && res.write(chunk)) sent++;
        if (sent < 32) res.once("drain", write);
        else res.end();
      };
      return write();
    }
    if (req.url === "/big-declared") return void res.writeHead(200, { "content-length": String(2 * 1024 * 1024) }).end(Buffer.alloc(2 * 1024 * 1024));
    if (req.url === "/drip") {
      // A byte every 100 ms, for ever: the answer starts at once but never ends.
      res.writeHead(200, { "content-type": "audio/mpeg" });
      const t = setInterval(() => res.write("x"), 100);
      res.on("close", () => clearInterval(t));
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" }).end("hello");
  });
  other = await serve((_req, res) => res.writeHead(200).end("internal secret"));
});

afterAll(async () => {
  await audio.stop();
  await other.stop();
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  resetConfigForTests();
});

afterEach(() => {
  allowed = [];
  other.hits.length = 0;
});

describe("guarded outbound fetch: where it refuses to go", () => {
  it("refuses a name that resolves to 127.0.0.1, by the system resolver (localhost) or any other", async () => {
    expect(await failure(guarded(`http://localhost:${other.port}/secret`, LIMITS))).toBe("blocked");
    const rebound = createOutboundFetch({ allowHosts: () => [], resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    expect(await failure(rebound(`http://recordings.example.test:${other.port}/secret`, LIMITS))).toBe("blocked");
    // One loopback answer among public ones is enough to refuse (the connection could pick it).
    const mixed = createOutboundFetch({
      allowHosts: () => [],
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "::ffff:127.0.0.1", family: 6 },
      ],
    });
    expect(await failure(mixed(`http://recordings.example.test:${other.port}/secret`, LIMITS))).toBe("blocked");
    expect(other.hits).toEqual([]);
  });

  it("refuses loopback written as an IPv4-mapped IPv6 address, and the cloud metadata address", async () => {
    expect(await failure(guarded(`http://[::ffff:127.0.0.1]:${other.port}/secret`, LIMITS))).toBe("blocked");
    expect(await failure(guarded(`http://[::ffff:7f00:1]:${other.port}/secret`, LIMITS))).toBe("blocked");
    expect(await failure(guarded(`http://127.1:${other.port}/secret`, LIMITS))).toBe("blocked");
    expect(await failure(guarded("http://169.254.169.254/latest/meta-data/", LIMITS))).toBe("blocked");
    expect(other.hits).toEqual([]);
  });

  it("refuses plain http unless told otherwise or the host is allowed", async () => {
    expect(await failure(guarded("http://recordings.example.com/a.mp3", { maxBytes: 1024, timeoutMs: 1000 }))).toBe("scheme");
    expect(await failure(guarded("ftp://recordings.example.com/a.mp3", LIMITS))).toBe("scheme");
  });

  it("checks every redirect: an allowed host cannot send the request on to a loopback one", async () => {
    allowed = [{ host: "127.0.0.1", port: audio.port }];
    for (const path of ["/to-other", "/to-localhost", "/to-mapped"]) {
      expect(await failure(guarded(`http://127.0.0.1:${audio.port}${path}`, LIMITS)), path).toBe("blocked");
    }
    expect(other.hits).toEqual([]);
  });

  it("follows at most 3 redirects", async () => {
    allowed = [{ host: "127.0.0.1", port: audio.port }];
    const three = await guarded(`http://127.0.0.1:${audio.port}/hop/3`, LIMITS);
    expect(three.status).toBe(200);
    expect(await three.text()).toBe("hello");
    audio.hits.length = 0;
    expect(await failure(guarded(`http://127.0.0.1:${audio.port}/hop/4`, LIMITS))).toBe("redirects");
    expect(audio.hits).toEqual(["/hop/4", "/hop/3", "/hop/2", "/hop/1"]);
    expect(await failure(guarded(`http://127.0.0.1:${audio.port}/hop/1`, { ...LIMITS, maxRedirects: 0 }))).toBe("redirects");
  });
});

describe("guarded outbound fetch: how much it takes", () => {
  beforeAll(() => {
    allowed = [];
  });

  it("cuts off a body larger than the cap, declared or not", async () => {
    allowed = [{ host: "127.0.0.1", port: audio.port }];
    expect(await failure(guarded(`http://127.0.0.1:${audio.port}/big-declared`, LIMITS))).toBe("too_large");

    const res = await guarded(`http://127.0.0.1:${audio.port}/big`, LIMITS);
    expect(res.status).toBe(200);
    let received = 0;
    const reading = (async () => {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += chunk.byteLength;
    })();
    expect(await failure(reading)).toBe("too_large");
    expect(received).toBeLessThanOrEqual(LIMITS.maxBytes);
    // The connection to the sender was closed, not drained.
    await audio.closed.at(-1);
  });

  it("cuts off a slow-dripping body when the total time is up, not only the wait for headers", async () => {
    allowed = [{ host: "127.0.0.1", port: audio.port }];
    const started = Date.now();
    const res = await guarded(`http://127.0.0.1:${audio.port}/drip`, { ...LIMITS, timeoutMs: 600 });
    expect(res.status).toBe(200);
    // Without the cap this would wait for ever: give up after 3 s and fail.
    const err = await Promise.race([
      res.text().then(
        () => null,
        (e: unknown) => e,
      ),
      new Promise((resolve) => setTimeout(() => resolve("still reading after 3 s"), 3_000)),
    ]);
    expect(err).toBeInstanceOf(OutboundRequestError);
    expect((err as OutboundRequestError).failure).toBe("timeout");
    expect((err as OutboundRequestError).gatewayStatus).toBe(504);
    expect(Date.now() - started).toBeLessThan(3_000);
    await audio.closed.at(-1);
  });
});

describe("OUTBOUND_ALLOW_HOSTS", () => {
  it("connects to the address the fetch's own lookup gave: a name only that resolver knows is reached, once allowed", async () => {
    const asked: string[] = [];
    const pinned = createOutboundFetch({
      allowHosts: () => [{ host: "recordings.internal.test", port: audio.port }],
      resolve: async (name) => {
        asked.push(name);
        return [{ address: "127.0.0.1", family: 4 }];
      },
    });
    const res = await pinned(`http://recordings.internal.test:${audio.port}/a.mp3`, { maxBytes: 1024, timeoutMs: 5_000 });
    expect(await res.text()).toBe("hello");
    expect(asked).toEqual(["recordings.internal.test"]);
    // The same name on a port that is not named: resolved by the same lookup, and refused.
    expect(await failure(pinned(`http://recordings.internal.test:${other.port}/secret`, LIMITS))).toBe("blocked");
    expect(other.hits).toEqual([]);
  });

  it("lets the named host:port through, and nothing else on that machine", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = `localhost:${audio.port}`;
    resetConfigForTests();
    const res = await outboundFetch(`http://localhost:${audio.port}/a.mp3`, { maxBytes: 1024, timeoutMs: 5_000 });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("hello");
    // Another port of the same name, and the same port by its address, stay refused.
    expect(await failure(outboundFetch(`http://localhost:${other.port}/secret`, { ...LIMITS }))).toBe("blocked");
    expect(await failure(outboundFetch(`http://127.0.0.1:${audio.port}/a.mp3`, { ...LIMITS }))).toBe("blocked");
    expect(other.hits).toEqual([]);

    delete process.env.OUTBOUND_ALLOW_HOSTS;
    resetConfigForTests();
    expect(await failure(outboundFetch(`http://localhost:${audio.port}/a.mp3`, { ...LIMITS }))).toBe("blocked");
  });
});

#!/usr/bin/env node
// `npm run serve` (and `npm start`): the production server. It is Next.js's
// own request handler behind a plain Node HTTP server that appends the
// address of each connection it accepts to X-Forwarded-For, so the app can
// tell the real client from an address the client wrote itself
// (src/lib/http/client-ip.ts, docs/decisions/0008-client-address.md). `next start` keeps a
// caller's X-Forwarded-For as it is, so it must not face the internet.
//
// Options: --port N (default PORT or 3000), --hostname H (the address to
// listen on; default BIND_ADDRESS, else every interface).
import { createServer } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.BIND_ADDRESS ?? undefined;
const root = path.resolve(import.meta.dirname, "..");

const { default: next } = await import("next");
const app = next({ dev: false, dir: root, port, hostname: hostname ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  const peer = req.socket.remoteAddress ?? "unknown";
  const prior = req.headers["x-forwarded-for"];
  const chain = Array.isArray(prior) ? prior.join(", ") : prior;
  req.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
  handle(req, res);
});
// Keep idle connections open longer than a client or proxy does (Node's default is
// 5 s): otherwise a client that reuses a socket just as the server closes it gets
// ECONNRESET. 65 s outlasts the usual 60 s idle timeout of load balancers.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => {
  console.log(`Listening on ${hostname ?? "every interface"}, port ${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close();
    app.close?.().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}

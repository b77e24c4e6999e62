import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type LoadBalancer = {
  url: string;
  /** Requests sent to each upstream, in upstream order. */
  served: number[];
  close(): Promise<void>;
};

/**
 * A round-robin reverse proxy for tests: each request goes to the next
 * upstream (no sticky sessions), and the proxy appends the client's address
 * to X-Forwarded-For as a load balancer does (run the app with
 * TRUSTED_PROXY_HOPS=1 behind it).
 */
export async function startLoadBalancer(upstreams: string[], port = 0): Promise<LoadBalancer> {
  const served = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next++ % upstreams.length;
    served[index]! += 1;
    const target = new URL(req.url ?? "/", upstreams[index]);
    const forwarded = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = request(target, { method: req.method, headers: { ...req.headers, "x-forwarded-for": forwarded } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (err) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`upstream ${upstreams[index]} failed: ${err.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

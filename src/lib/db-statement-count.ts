import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Pool, PoolClient } from "pg";

/**
 * DB_COUNT_STATEMENTS=1 (benchmarks only; npm run bench:pages:signed-in):
 * counts the statements each HTTP request sends to PostgreSQL through the
 * app's pool and logs one line per request when its response finishes,
 * `db-statements <n> <method> <url>`. Each request runs in a scope of its own
 * (Node's http.server.request.start channel), so concurrent requests count
 * apart; the job queue's pool and work outside a request are not counted.
 */
const enabled = process.env.DB_COUNT_STATEMENTS === "1";
const storeKey = Symbol.for("ai-employees.db-statement-count");
type Count = { n: number };
type GlobalWithStore = typeof globalThis & { [storeKey]?: AsyncLocalStorage<Count> };

function store(): AsyncLocalStorage<Count> {
  const g = globalThis as GlobalWithStore;
  if (!g[storeKey]) {
    const als = new AsyncLocalStorage<Count>();
    g[storeKey] = als;
    const counts = new WeakMap<IncomingMessage, Count>();
    subscribe("http.server.request.start", (message) => {
      const { request } = message as { request: IncomingMessage };
      const count = { n: 0 };
      counts.set(request, count);
      als.enterWith(count);
    });
    subscribe("http.server.response.finish", (message) => {
      const { request } = message as { request: IncomingMessage };
      const count = counts.get(request);
      if (count) process.stdout.write(`db-statements ${count.n} ${request.method} ${request.url}\n`);
    });
  }
  return g[storeKey];
}

type Query = (...args: unknown[]) => unknown;

/**
 * With DB_COUNT_STATEMENTS=1, counts every statement sent through `pool`
 * towards the request it runs for. Counted where the app calls (pool.query,
 * and the queries on a client checked out for a transaction), not on the
 * connection: a pooled connection's callbacks run in whichever request freed
 * it last.
 */
export function countStatements(pool: Pool): void {
  if (!enabled) return;
  const als = store();
  const bump = () => {
    const count = als.getStore();
    if (count) count.n++;
  };
  const p = pool as unknown as { query: Query; connect: Query };
  const query = p.query.bind(pool);
  p.query = (...args) => {
    bump();
    return query(...args);
  };
  const connect = p.connect.bind(pool);
  p.connect = (...args) => {
    // pg-pool's own query() checks out with a callback: its statement is counted above.
    if (args.length) return connect(...args);
    return (connect() as Promise<PoolClient>).then((client) => {
      const c = client as unknown as { query: Query; release: Query };
      const clientQuery = c.query.bind(client);
      const own = Object.getOwnPropertyDescriptor(c, "query");
      const release = c.release;
      c.query = (...a) => {
        bump();
        return clientQuery(...a);
      };
      c.release = (...a) => {
        if (own) Object.defineProperty(c, "query", own);
        else delete (c as Partial<typeof c>).query;
        c.release = release;
        return release(...a);
      };
      return client;
    });
  };
}

// The bench:load seed with its signed-in traffic: shared by `npm run bench:load`
// and the CPU profile of `npm run bench:pages:signed-in -- --profile`. Seeding,
// sessions of 150 subscribers and the admin, and the 200-session mix.
import { randomUUID } from "node:crypto";
import { openDatabase, run } from "./bench-common.mjs";
import { seedSql } from "./bench-load-seed.mjs";
import { PUBLIC_ROUTES } from "./bench-server.mjs";

export const CUSTOMER_SESSIONS = 150;
/** What each signed-in customer reads, in turn. */
export const CUSTOMER_PATHS = ["/dashboard", "/billing", "/api/auth/user", "/api/user-subscriptions", "/api/billing-history", "/api/ai-ready-orders"];

/** Seeds the database when it lacks the bench:load seed of `size` (or with `reseed`); fresh sessions, as insertSessions. */
export async function seedWithSessions({ databaseUrl, pgliteDir, size, reseed = false }) {
  const query = await openDatabase({ databaseUrl, pgliteDir });
  try {
    const [{ n }] = await query(`select count(*)::int as n from "user" where id like 'bench-u-%'`);
    if (n !== size.users || reseed) {
      console.log(`Seeding ${size.users} users and ${size.subscriptions} subscriptions ...`);
      const started = Date.now();
      for (const statement of seedSql(size)) await query(statement);
      console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return await insertSessions(query);
  } finally {
    await query.close();
  }
}

/** Fresh sessions for this run (the earlier runs' removed): the first 150 subscribers, each in their own account, and the admin. Returns their tokens. */
async function insertSessions(query) {
  await query(`delete from session where user_agent = 'bench'`);
  const customers = await query(`select account_id as id from subscriptions where id like 'bench-s-%' order by account_id limit ${CUSTOMER_SESSIONS}`);
  const [admin] = await query(`select id from "user" where email = 'admin@bench.example'`);
  const token = () => randomUUID().replace(/-/g, "");
  const tokens = { customers: customers.map(token), admin: token() };
  // A subscriber's account has their id (bench-load-seed.mjs); the admin works in none.
  const values = [...customers.map((c, i) => [c.id, tokens.customers[i], `'${c.id}'`]), [admin.id, tokens.admin, "null"]]
    .map(([id, t, account]) => `('${randomUUID()}', '${t}', '${id}', now() + interval '1 day', 'bench', ${account})`)
    .join(",");
  await query(`insert into session (id, token, user_id, expires_at, user_agent, active_organization_id) values ${values}`);
  return tokens;
}

/**
 * 200 connections: 150 signed-in customers reading their pages and APIs in
 * turn, 50 visitors reading the public pages. `pace` adds autocannon options
 * (connectionRate: 1 is a person's pace, one request a second each).
 */
export function mixedLoad({ base, cookies, duration, pace = {} }) {
  let client = 0;
  return run({
    url: base,
    connections: CUSTOMER_SESSIONS + 50,
    duration,
    ...pace,
    setupClient: (c) => {
      const i = client++;
      if (i < CUSTOMER_SESSIONS) {
        c.setHeaders({ cookie: cookies[i % cookies.length] });
        c.setRequests(CUSTOMER_PATHS.map((p) => ({ method: "GET", path: p })));
      } else {
        c.setRequests(PUBLIC_ROUTES.map((p) => ({ method: "GET", path: p })));
      }
    },
  });
}

/** The same 200 sessions' requests as one list, a request of each session in turn: for paced(), evenly spaced instead of autocannon's bursts. */
export function sessionRequests(cookies) {
  const sessions = Array.from({ length: CUSTOMER_SESSIONS + 50 }, (_, i) =>
    i < CUSTOMER_SESSIONS ? CUSTOMER_PATHS.map((path) => ({ path, headers: { cookie: cookies[i % cookies.length] } })) : PUBLIC_ROUTES.map((path) => ({ path, headers: {} })),
  );
  // Each session starts at a different page of its list (people do not click in step).
  const rounds = Math.max(...sessions.map((s) => s.length)) * 10;
  return Array.from({ length: rounds }, (_, k) => sessions.map((s, i) => s[(k + i) % s.length])).flat();
}

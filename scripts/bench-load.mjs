#!/usr/bin/env node
// `npm run bench:load`: the load figures of issues 12 and 27, measured in one run beside
// the framework's own floors (the prerendered 404 page, /api/health).
// 1. Seeds a PostgreSQL database (DATABASE_URL, default the local `bench`
//    database, created when missing) with 100,000 users, 10,000 subscriptions
//    with their AI employees, a year of usage records and notifications; with
//    --pglite an embedded database with 5,000 users and 500 subscriptions.
// 2. Builds the production app into .next-bench (unless --no-build) and serves it.
// 3. Runs autocannon for each figure and Chromium for the admin lists' first
//    page, then writes docs/benchmarks/load-YYYY-MM-DD[-pglite].md (also printed).
// Options: --pglite, --no-build, --reseed, --duration=S (the long runs' length; default 60),
// --only=admin-search (the /api/health floor and the admin subscriptions list with and without a search; admin-search-YYYY-MM-DD.md).
import { clean, cookieFor, launchChromium, median, ms, paced, rps, run, signedInContext, startBench, verdict, writeTable } from "./bench-common.mjs";
import { ADMIN_SEARCH_NAME } from "./bench-load-seed.mjs";
import { PUBLIC_ROUTES } from "./bench-server.mjs";
import { mixedLoad, seedWithSessions, sessionRequests } from "./bench-sessions.mjs";

const args = process.argv.slice(2);
const pglite = args.includes("--pglite");
const only = args.find((a) => a.startsWith("--only="))?.slice(7);
const duration = Number(args.find((a) => a.startsWith("--duration="))?.slice(11) ?? 60);
const SIZE = pglite ? { users: 5_000, subscriptions: 500 } : { users: 100_000, subscriptions: 10_000 };
const P99 = { authUser: 25, admin: 100, search: 100, firstPage: 1500 };
/** Issue 27's ratios to this run's /api/health floor H; PGlite's 200 sessions at half of them (half the throughput, twice the p99 multiples). */
const RATIO = {
  authUserThroughput: 0.6,
  authUserRate: 0.25,
  paceP99Times: pglite ? 6 : 3,
  closedThroughput: pglite ? 0.15 : 0.3,
  closedP99OverP50: pglite ? 10 : 5,
};

const { startLoad, server, seeded: sessions } = await startBench({ args, name: "load", pglite, seed });
const base = server.baseUrl;
if (only === "admin-search") await adminSearchOnly();
const rows = [];
try {
  const customerCookies = sessions.customers.map(cookieFor);
  const adminCookie = cookieFor(sessions.admin);
  const check = await fetch(`${base}/api/auth/user`, { headers: { cookie: customerCookies[0] } });
  if (check.status !== 200) throw new Error(`a seeded session is refused by /api/auth/user (${check.status})`);
  for (const r of PUBLIC_ROUTES) await fetch(`${base}${r}`); // each page renders once after start (ADR 0098)

  const notFound = await run({ url: `${base}/bench-no-such-page`, connections: 50, duration: 10 });
  const health = await run({ url: `${base}/api/health`, connections: 50, duration: 10 });
  rows.push(["Floor: prerendered 404 page", rps(notFound), "", "", ""]);
  rows.push(["Floor: /api/health", rps(health), "", "", ""]);

  for (const r of PUBLIC_ROUTES) {
    const res = await run({ url: `${base}${r}`, connections: 50, duration: 5 });
    const ratio = res.requests.average / notFound.requests.average;
    rows.push([`Public ${r}: req/s vs the 404 page`, `${rps(res)} (${ratio.toFixed(2)}×)`, "≥ 0.80×", rps(notFound), verdict(ratio >= 0.8 && clean(res))]);
  }

  // Issue 27's targets, as ratios to the floors of this run (PGlite: the 200 sessions at half the ratios).
  const H = health.requests.average;
  const atRate = async (share) => {
    const rate = Math.max(1, Math.round(share * H));
    return { rate, health: await paced({ url: `${base}/api/health`, rate, duration: 10 }) };
  };
  const tenth = await atRate(0.1);
  const quarter = await atRate(RATIO.authUserRate);
  rows.push([`Floor: /api/health at 0.1 H (${tenth.rate} req/s, evenly spaced): p50 / p99`, `${ms(tenth.health.measured.p50)} / ${ms(tenth.health.measured.p99)}`, "", "", ""]);
  rows.push([`Floor: /api/health at 0.25 H (${quarter.rate} req/s): p50 / p99`, `${ms(quarter.health.measured.p50)} / ${ms(quarter.health.measured.p99)}`, "", "", ""]);

  let n = 0;
  const everyCustomer = [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: customerCookies[n++ % customerCookies.length] } }) }];
  const authUserMax = await run({ url: `${base}/api/auth/user`, connections: 10, duration: 10, requests: everyCustomer });
  rows.push([
    "/api/auth/user, 10 connections: req/s",
    `${rps(authUserMax)} (${(authUserMax.requests.average / H).toFixed(2)} H)`,
    `≥ ${RATIO.authUserThroughput} H`,
    `H ${rps(health)} req/s`,
    verdict(authUserMax.requests.average >= RATIO.authUserThroughput * H && clean(authUserMax)),
  ]);
  const authUserPaced = await paced({ url: base, rate: quarter.rate, duration: 20, requests: customerCookies.map((cookie) => ({ path: "/api/auth/user", headers: { cookie } })) });
  rows.push([
    `/api/auth/user at 0.25 H (${quarter.rate} req/s, evenly spaced): p99`,
    ms(authUserPaced.measured.p99),
    `< ${P99.authUser} ms`,
    `health p99 ${ms(quarter.health.measured.p99)} at that rate`,
    verdict(authUserPaced.measured.p99 < P99.authUser && clean(authUserPaced)),
  ]);

  // A person's pace with the total held at 0.1 H: the 200 sessions' requests evenly spaced (an open loop).
  const personPace = await paced({ url: base, rate: tenth.rate, duration: 30, requests: sessionRequests(customerCookies) });
  const paceLimit = RATIO.paceP99Times * tenth.health.measured.p99;
  rows.push([
    `200 sessions (150 customers, 50 visitors) at a person's pace, ${tenth.rate} req/s in all (0.1 H), 30 s: p99`,
    `${ms(personPace.measured.p99)} (p50 ${ms(personPace.measured.p50)}); ${personPace.errors} errors, ${personPace.timeouts} timeouts, ${personPace.non2xx} non-2xx`,
    `≤ ${ms(paceLimit)} (${RATIO.paceP99Times}× health), 0 errors`,
    `health p99 ${ms(tenth.health.measured.p99)} at ${tenth.rate} req/s`,
    verdict(personPace.measured.p99 <= paceLimit && clean(personPace)),
  ]);

  // Closed loop: every session sends its next request the moment the last answers.
  const closed = await mixedLoad({ base, cookies: customerCookies, duration });
  const closedOk = closed.requests.average >= RATIO.closedThroughput * H && closed.measured.p99 <= RATIO.closedP99OverP50 * closed.measured.p50 && clean(closed);
  rows.push([
    `200 sessions, closed loop, ${duration} s: req/s, p50 / p99`,
    `${rps(closed)} (${(closed.requests.average / H).toFixed(2)} H), ${ms(closed.measured.p50)} / ${ms(closed.measured.p99)} (${(closed.measured.p99 / closed.measured.p50).toFixed(1)}×); ${closed.errors} errors, ${closed.timeouts} timeouts, ${closed.non2xx} non-2xx`,
    `≥ ${RATIO.closedThroughput} H, p99 ≤ ${RATIO.closedP99OverP50}× p50, 0 errors`,
    `H ${rps(health)} req/s`,
    verdict(closedOk),
  ]);
  // autocannon's own pace (connectionRate 1: each second's requests in one burst), the 745 ms of issue 27: informative.
  const bursts = await mixedLoad({ base, cookies: customerCookies, duration: 30, pace: { connectionRate: 1 } });
  rows.push([
    "200 sessions, one request a second each in autocannon's bursts, 30 s: p99 (informative)",
    `${ms(bursts.measured.p99)}; ${bursts.errors} errors, ${bursts.timeouts} timeouts, ${bursts.non2xx} non-2xx, ${rps(bursts)} req/s`,
    "",
    "",
    "",
  ]);

  const adminLists = [
    ["/api/admin/subscriptions", P99.admin],
    ["/api/admin/ai-ready-orders", P99.admin],
    ["/api/admin/notifications", P99.admin],
    [`/api/admin/subscriptions?q=${encodeURIComponent(ADMIN_SEARCH_NAME)}`, P99.search],
  ];
  for (const [url, target] of adminLists) {
    const body = await (await fetch(`${base}${url}`, { headers: { cookie: adminCookie } })).text();
    const kb = Buffer.byteLength(body) / 1024;
    const res = await run({ url: `${base}${url}`, connections: 10, duration: 10, headers: { cookie: adminCookie } });
    rows.push([`Admin ${url}: p99, size`, `${ms(res.latency.p99)}, ${kb.toFixed(1)} KB`, `< ${target} ms, < 50 KB`, "", verdict(res.latency.p99 < target && kb < 50 && clean(res))]);
  }

  for (const [label, ms_] of await adminFirstPages(adminCookie)) {
    rows.push([`Chromium: ${label} first row visible`, ms_ === null ? "not found" : ms(ms_), `≤ ${P99.firstPage} ms`, "", verdict(ms_ !== null && ms_ <= P99.firstPage)]);
  }
} finally {
  await server.stop();
}
writeTable({
  name: "load",
  suffix: pglite ? "-pglite" : "",
  title: `Load: ${pglite ? "PGlite" : "PostgreSQL"}, ${SIZE.users.toLocaleString("en-US")} users, ${SIZE.subscriptions.toLocaleString("en-US")} subscriptions`,
  command: `npm run bench:load${pglite ? " -- --pglite" : ""}`,
  startLoad,
  rows,
});

// ---------------------------------------------------------------------------

/** --only=admin-search (issue 27): the /api/health floor, then the admin subscriptions list and its search, 10 connections, 20 s each; exits. */
async function adminSearchOnly() {
  const cookie = cookieFor(sessions.admin);
  const out = [];
  try {
    const floor = await run({ url: `${base}/api/health`, connections: 50, duration: 10 });
    const health = await run({ url: `${base}/api/health`, connections: 10, duration: 10 });
    out.push(["Floor: /api/health, 50 connections", `${rps(floor)} req/s`, "", "", ""], ["Floor: /api/health, 10 connections: p99", ms(health.latency.p99), "", "", ""]);
    for (const url of ["/api/admin/subscriptions", `/api/admin/subscriptions?q=${encodeURIComponent(ADMIN_SEARCH_NAME)}`]) {
      const kb = Buffer.byteLength(await (await fetch(`${base}${url}`, { headers: { cookie } })).text()) / 1024;
      const res = await run({ url: `${base}${url}`, connections: 10, duration: 20, headers: { cookie } });
      out.push([
        `Admin ${url}, 10 connections: p99 (p50), size`,
        `${ms(res.latency.p99)} (${ms(res.latency.p50)}), ${rps(res)} req/s, ${kb.toFixed(1)} KB`,
        `< ${P99.search} ms`,
        `${ms(health.latency.p99)} (health p99)`,
        verdict(res.latency.p99 < P99.search && clean(res)),
      ]);
    }
  } finally {
    await server.stop();
  }
  writeTable({ name: "admin-search", title: `Admin search: PostgreSQL, ${SIZE.users.toLocaleString("en-US")} users`, command: "npm run bench:load -- --only=admin-search", startLoad, rows: out });
  process.exit(0);
}

/** Seeds when the database lacks the seed (or --reseed); returns the session tokens to sign in with. */
function seed({ databaseUrl, serverEnv }) {
  return seedWithSessions({ databaseUrl, pgliteDir: serverEnv.PGLITE_DIR, size: SIZE, reseed: args.includes("--reseed") });
}

/** Milliseconds from navigation until the first row of each admin list is visible, as the admin. */
async function adminFirstPages(cookie) {
  const browser = await launchChromium();
  const out = [];
  try {
    for (const [label, url, selector] of [
      ["Subscriptions tab", "/admin?tab=subscriptions", '[data-testid="admin-subscription-row"]'],
      ["Manage Orders tab", "/admin?tab=ai-ready-orders", '[data-testid="order-row"]'],
      ["Notifications tab", "/admin?tab=notifications", '[data-testid="notification"]'],
      ["/admin/usage picker", "/admin/usage", '[data-testid="usage-subscription-search"]'],
    ]) {
      const context = await signedInContext(browser, base, cookie);
      const page = await context.newPage();
      const times = [];
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        await page.goto(url, { waitUntil: "commit" });
        const shown = await page
          .locator(selector)
          .first()
          .waitFor({ state: "visible", timeout: 60_000 })
          .then(
            () => true,
            () => false,
          );
        times.push(shown ? Date.now() - started : null);
      }
      await context.close();
      out.push([label, times.includes(null) ? null : median(times)]);
    }
  } finally {
    await browser.close();
  }
  return out;
}

#!/usr/bin/env node
// `npm run bench:pages:signed-in`: the signed-in pages and their APIs (issue 27),
// measured beside the floors of the same run (/api/health: H req/s and its p99
// at each rate; the prerendered 404 page).
// 1. PostgreSQL (DATABASE_URL, default the local `bench_signedin` database,
//    created when missing; --reseed drops it first): the server's first start
//    on the empty database seeds the demo accounts and the demo business's
//    month of calls (SEED_DEMO_DATA=always), then the bench:load seed goes in
//    beside them (100,000 users, 10,000 subscriptions; bench-load-seed.mjs).
// 2. Builds the production app into .next-bench (unless --no-build) and serves
//    it with DB_COUNT_STATEMENTS=1, which logs each request's statements.
// 3. Signs in as the demo owner and the demo admin (POST /api/auth/sign-in/email)
//    and loads every page once in Chromium (the JavaScript it transfers, the
//    APIs it calls); then, for each page and API: the HTML, inline flight data
//    and `RSC: 1` bytes, statements per request, p50/p99 of 200 requests one
//    at a time, at 100 req/s and at 0.1 H, and the throughput at 10 connections
//    (/api/auth/user also at 0.25 H).
// 4. With --profile: the 200 sessions of bench:load at a person's pace (30 s) on a
//    server run with --cpu-prof; the ten heaviest functions (self time).
//    With --profile-each: /api/health, the 404 page, `/` and every page or API that missed a
//    target, each at 10 connections on its own --cpu-prof server: the CPU a
//    request costs and where it goes (the profile each miss is explained by).
// 5. Writes docs/benchmarks/pages-signed-in-YYYY-MM-DD.md (also printed).
// Options: --no-build, --reseed, --profile, --profile-each, --duration=S (each timed run; default 10),
// --idle=N (requests one at a time; default 200), --only=TEXT[,TEXT] (pages and APIs whose path has one of them),
// --suffix=TEXT (written to pages-signed-in-YYYY-MM-DD<TEXT>.md, beside a full run's table).
import { readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { clean, cookieFor, distDir, ensureDatabase, launchChromium, ms, openDatabase, paced, rps, run, signedInContext, startBench, verdict, writeTable } from "./bench-common.mjs";
import { newestProfile, profileLines, summarise } from "./bench-cpu-profile.mjs";
import { freePort, PUBLIC_ROUTES, startServer } from "./bench-server.mjs";
import { CUSTOMER_PATHS, mixedLoad, seedWithSessions, sessionRequests } from "./bench-sessions.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const DURATION = Number(option("duration", 10));
const IDLE = Number(option("idle", 200));
const ONLY = option("only", "").split(",");
const wanted = (path) => ONLY.some((text) => path.includes(text));
const FIXED_RATE = 100;
const CONNECTIONS = 10;
const SIZE = { users: 100_000, subscriptions: 10_000 };
const OWNER = { email: "owner@example.com", password: "owner-demo-password" };
const ADMIN = { email: "admin@example.com", password: "admin-demo-password" };
/** Issue 27's targets, as ratios to the floors of the same run. */
const TARGET = { statements: 4, throughput: 0.25, p99Times: 3, authUser: { statements: 2, throughput: 0.6, rate: 0.25, p99: 25 } };
const AUTH_USER = "/api/auth/user";

process.env.DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/bench_signedin";
if (args.includes("--reseed")) await ensureDatabase(process.env.DATABASE_URL, { recreate: true });
const { startLoad, server, databaseUrl, serverEnv, seeded } = await startBench({
  args,
  name: "signed-in",
  extra: { SEED_DEMO_DATA: "always", DB_COUNT_STATEMENTS: "1" },
  seed,
});
const base = server.baseUrl;
const rows = [];
const details = [];
/** The pages and APIs that missed a target (--profile-each profiles them). */
const missed = [];
let health, notFound;
const healthAt = new Map();
try {
  const owner = await signIn(OWNER);
  const admin = await signIn(ADMIN);
  const callId = await ownersLatestCall();
  const pages = [
    ...["/dashboard", "/calls", `/calls/${callId}`, "/insights", "/ai-employees", "/billing", "/account"].map((p) => ({ path: p, as: "owner", cookie: owner })),
    ...[
      "/admin",
      "/admin?tab=ai-ready-orders",
      "/admin?tab=notifications",
      "/admin/usage",
      "/admin/metrics",
      "/admin/outbox",
      "/admin/sms-outbox",
      "/admin/jobs",
      "/admin/spam-reports",
      "/admin/api-keys",
    ].map((p) => ({ path: p, as: "admin", cookie: admin })),
  ].filter((p) => wanted(p.path));
  const browserFigures = await loadInChromium(pages);
  for (const p of pages) {
    const landed = browserFigures.get(p.path)?.landed;
    if (landed && landed !== p.path) Object.assign(p, { path: landed, from: p.path });
  }
  const apis = apiList(pages, browserFigures, { owner, admin }).filter((a) => wanted(a.path));

  notFound = await run({ url: `${base}/bench-no-such-page`, connections: 50, duration: DURATION });
  health = await run({ url: `${base}/api/health`, connections: 50, duration: DURATION });
  const H = health.requests.average;
  const rates = { tenth: Math.max(1, Math.round(0.1 * H)), quarter: Math.max(1, Math.round(TARGET.authUser.rate * H)) };
  for (const rate of [FIXED_RATE, rates.tenth, rates.quarter]) {
    if (!healthAt.has(rate)) healthAt.set(rate, await paced({ url: `${base}/api/health`, rate, duration: DURATION }));
  }
  rows.push(["Floor: prerendered 404 page, 50 connections", `${rps(notFound)} req/s, p99 ${ms(notFound.measured.p99)}`, "", "", ""]);
  rows.push(["Floor: /api/health, 50 connections (H)", `${rps(health)} req/s, p99 ${ms(health.measured.p99)}`, "", "", ""]);
  for (const [rate, r] of healthAt) rows.push([`Floor: /api/health at ${rate} req/s: p50 / p99`, `${ms(r.measured.p50)} / ${ms(r.measured.p99)}`, "", "", ""]);

  for (const target of [...pages.map((p) => ({ ...p, page: true, browser: browserFigures.get(p.from ?? p.path) })), ...apis]) {
    try {
      const figures = await measure(target, rates);
      const row = verdictRow(target, figures, rates);
      rows.push(row);
      details.push(detailRow(target, figures));
      if (row.at(-1) !== verdict(true)) missed.push(target);
    } catch (err) {
      console.error(err);
      rows.push([`\`${target.path}\` (${target.as})`, `not measured: ${err.message}`, "", "", verdict(false)]);
    }
  }
} finally {
  await server.stop();
}

const notes = [
  `Machine: ${availableParallelism()} cores, shared with other work (hence the load average above). Data: the bench:load seed (${SIZE.users.toLocaleString("en-US")} users, ${SIZE.subscriptions.toLocaleString("en-US")} subscriptions, a year of usage, 20,000 notifications) beside the demo accounts; the demo business (Diaz Family Dental, owner ${OWNER.email}) has the demo month of calls. Signed in through POST /api/auth/sign-in/email as ${OWNER.email} and ${ADMIN.email}.`,
  "",
  `Targets (issue 27): every signed-in page (and here each API it calls) at most ${TARGET.statements} statements a request, at least ${TARGET.throughput} H req/s, and at a fixed 0.1 H p99 at most ${TARGET.p99Times}× /api/health's p99 at that rate; \`${AUTH_USER}\` at most ${TARGET.authUser.statements} statements, at least ${TARGET.authUser.throughput} H and p99 under ${TARGET.authUser.p99} ms at ${TARGET.authUser.rate} H. H = /api/health's throughput at 50 connections in this run.`,
  "",
  "## Each page and API",
  "",
  `Times are autocannon's, on the same machine (so \"server time\" includes loopback and the client): idle = ${IDLE} requests one at a time; at 100 req/s and at 0.1 H = an open loop of ${DURATION} s, the requests evenly spaced at that rate whether or not the earlier ones have answered (not autocannon's rates, which send each second's requests in a burst and count a slow response once per millisecond it took); max = autocannon, ${CONNECTIONS} connections for ${DURATION} s. Percentiles are of the responses' own times. Statements: the statements each request sent through the app's pool (DB_COUNT_STATEMENTS=1, one log line a request), median and maximum over the idle requests. HTML: the page's bytes as sent uncompressed; flight: the inline \`self.__next_f.push\` scripts in it; RSC: the body of the same URL asked with \`RSC: 1\` (a client-side navigation); JS: the scripts Chromium transferred (encoded bytes) loading the page once, cold.`,
  "",
  "| Page or API | As | Statements (median / max) | Idle p50 / p99 | 100 req/s p50 / p99 | 0.1 H p50 / p99 | Max req/s (p99) | HTML | Flight inline | RSC: 1 | JS | APIs the page calls |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...details,
  "",
];
if (args.includes("--profile")) notes.push(...(await profile()));
// The floors, and the public home page beside its floor (bench:load's `/` ≥ 0.8× the 404 page), then every miss.
const floors = ["/api/health", "/bench-no-such-page", "/"].map((p) => ({ path: p, as: "visitor", cookie: "" }));
if (args.includes("--profile-each")) notes.push(...(await profileEach([...floors, ...missed])));
writeTable({
  name: "pages-signed-in",
  suffix: option("suffix", ""),
  title: "Signed-in pages and their APIs: PostgreSQL, bench:load seed",
  command: `npm run bench:pages:signed-in${args.length ? ` -- ${args.join(" ")}` : ""}`,
  startLoad,
  rows,
  notes,
});

// ---------------------------------------------------------------------------

/** The demo accounts come from the server's first start (on an empty database); this adds the bench:load seed when missing, and fresh bench sessions (for --profile). */
function seed({ databaseUrl: url }) {
  return seedWithSessions({ databaseUrl: url, size: SIZE });
}

/** Signs in with e-mail and password as a browser would; the cookies to send ("a=b; c=d"). */
async function signIn({ email, password }) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`signing in as ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The newest call of the demo business the owner owns. */
async function ownersLatestCall() {
  const query = await openDatabase({ databaseUrl });
  try {
    const [row] = await query(
      `select i.id from interactions i join member m on m.organization_id = i.account_id and m.role = 'owner' join "user" u on u.id = m.user_id
       where u.email = $1 order by i.started_at desc limit 1`,
      [OWNER.email],
    );
    if (!row) throw new Error(`${OWNER.email}'s account has no calls: was the database seeded on an empty first start? (--reseed)`);
    return row.id;
  } finally {
    await query.close();
  }
}

/** Each page loaded once, cold, in Chromium: the script bytes it transferred and the GET /api/ requests it made. */
async function loadInChromium(pages) {
  const browser = await launchChromium();
  const out = new Map();
  try {
    for (const p of pages) {
      const context = await signedInContext(browser, base, p.cookie);
      const page = await context.newPage();
      const sizes = [];
      const calls = new Set();
      page.on("requestfinished", (req) => {
        const url = new URL(req.url());
        if (req.resourceType() === "script") sizes.push(req.sizes().then((s) => s.responseBodySize));
        if (url.origin === base && url.pathname.startsWith("/api/") && req.method() === "GET") calls.add(url.pathname + url.search);
      });
      const res = await page.goto(p.path, { waitUntil: "networkidle" }).catch((err) => console.error(`${p.path}: ${err.message}`));
      const landed = new URL(page.url());
      if (!res || res.status() !== 200 || landed.origin !== base) console.error(`${p.path} as the ${p.as} answered ${res?.status()} at ${page.url()}`);
      // A page that sends the browser on (/ai-employees to its AI employee's settings) is measured where it lands.
      else out.set(p.path, { jsBytes: (await Promise.all(sizes)).reduce((a, b) => a + b, 0), scripts: sizes.length, calls: [...calls].sort(), landed: landed.pathname + landed.search });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** The APIs to measure: the header's and the lists' own, and whatever the pages called in Chromium, once each (as whoever called it first). */
function apiList(pages, browserFigures, cookies) {
  const list = new Map();
  const add = (p, as) => list.has(p) || list.set(p, { path: p, as, cookie: cookies[as] });
  for (const p of [AUTH_USER, `${AUTH_USER}?subscription=omit`, "/api/insights", "/api/interactions"]) add(p, "owner");
  for (const p of ["/api/admin/subscriptions", "/api/admin/ai-ready-orders", "/api/admin/notifications"]) add(p, "admin");
  // Not a recording: it is media from the voice platform (the embedded one answers 502 on a bench), not the page's data.
  for (const p of pages) for (const call of browserFigures.get(p.from ?? p.path)?.calls ?? []) if (!call.includes("/recording")) add(call, p.as);
  return [...list.values()];
}

/** Every figure of one page or API. */
async function measure(target, rates) {
  const url = `${base}${target.path}`;
  const headers = { cookie: target.cookie };
  const first = await fetch(url, { headers });
  const body = await first.text();
  if (first.status !== 200) throw new Error(`${target.path} as the ${target.as} answered ${first.status}`);
  const figures = { bytes: Buffer.byteLength(body) };
  if (target.page) {
    figures.flight = [...body.matchAll(/<script[^>]*>\(?self\.__next_f[\s\S]*?<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[0]), 0);
    const rsc = await fetch(url, { headers: { ...headers, RSC: "1" } });
    figures.rsc = (await rsc.arrayBuffer()).byteLength;
    figures.rscType = rsc.headers.get("content-type");
  }
  const logStart = statSync(server.logFile).size;
  figures.idle = await run({ url, headers, connections: 1, amount: IDLE });
  figures.statements = statementCounts(logStart);
  figures.fixed = await paced({ url, headers, rate: FIXED_RATE, duration: DURATION });
  figures.tenth = await paced({ url, headers, rate: rates.tenth, duration: DURATION });
  figures.max = await run({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (target.path === AUTH_USER) figures.quarter = await paced({ url, headers, rate: rates.quarter, duration: DURATION });
  return figures;
}

/** The statements of each request logged since byte `from` of the server log (DB_COUNT_STATEMENTS=1). */
function statementCounts(from) {
  const text = readFileSync(server.logFile).subarray(from).toString("utf8");
  const counts = [...text.matchAll(/^db-statements (\d+) GET /gm)].map((m) => Number(m[1])).sort((a, b) => a - b);
  return { median: counts[Math.floor(counts.length / 2)], max: counts.at(-1), requests: counts.length };
}

function verdictRow(target, f, rates) {
  const H = health.requests.average;
  const isAuthUser = target.path === AUTH_USER;
  const limit = isAuthUser ? TARGET.authUser.statements : TARGET.statements;
  const share = isAuthUser ? TARGET.authUser.throughput : TARGET.throughput;
  const healthP99 = healthAt.get(rates.tenth).measured.p99;
  const p99Limit = TARGET.p99Times * healthP99;
  const checks = [
    ["statements", f.statements.max <= limit],
    ["throughput", f.max.requests.average >= share * H],
    ["p99 at 0.1 H", f.tenth.measured.p99 <= p99Limit],
    ["errors", [f.idle, f.fixed, f.tenth, f.max, f.quarter].every((r) => !r || clean(r))],
  ];
  const measured = [`${f.statements.max} statements`, `${rps(f.max)} req/s (${(f.max.requests.average / H).toFixed(2)} H)`, `p99 at 0.1 H ${ms(f.tenth.measured.p99)}`];
  const targets = [`≤ ${limit}`, `≥ ${Math.round(share * H).toLocaleString("en-US")} req/s (${share} H)`, `≤ ${ms(p99Limit)} (${TARGET.p99Times}× health)`];
  const floor = [`H ${rps(health)} req/s`, `health p99 at ${rates.tenth} req/s ${ms(healthP99)}`];
  if (isAuthUser) {
    checks.push(["p99 at 0.25 H", f.quarter.measured.p99 < TARGET.authUser.p99]);
    measured.push(`p99 at 0.25 H ${ms(f.quarter.measured.p99)}`);
    targets.push(`< ${TARGET.authUser.p99} ms`);
    floor.push(`health p99 at ${rates.quarter} req/s ${ms(healthAt.get(rates.quarter).measured.p99)}`);
  }
  const failed = checks.filter(([, ok]) => !ok).map(([name]) => name);
  return [
    `\`${target.path}\` (${target.as}${target.page ? ", page" : ""}${target.from ? `, from ${target.from}` : ""})`,
    measured.join("; "),
    targets.join("; "),
    floor.join("; "),
    failed.length ? `${verdict(false)} (${failed.join(", ")})` : verdict(true),
  ];
}

function detailRow(target, f) {
  const kb = (n) => (n === undefined ? "" : `${(n / 1024).toFixed(1)} KB`);
  const pair = (r) => `${ms(r.measured.p50)} / ${ms(r.measured.p99)}`;
  const errors = [f.idle, f.fixed, f.tenth, f.max].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
  const rsc = f.rsc === undefined ? "" : `${kb(f.rsc)}${/x-component/.test(f.rscType ?? "") ? "" : ` (${f.rscType})`}`;
  return `| \`${target.path}\` | ${target.as} | ${f.statements.median} / ${f.statements.max} | ${pair(f.idle)} | ${pair(f.fixed)} | ${pair(f.tenth)} | ${rps(f.max)} (${ms(f.max.measured.p99)})${errors ? `; ${errors} errors or non-2xx` : ""} | ${kb(f.bytes)} | ${kb(f.flight)} | ${rsc} | ${target.browser ? `${kb(target.browser.jsBytes)} (${target.browser.scripts} scripts)` : ""} | ${target.browser?.calls.map((c) => `\`${c}\``).join(", ") ?? ""} |`;
}

/**
 * The 200 sessions of bench:load at a person's pace (30 s) on a server run
 * with --cpu-prof: the run's figures, as autocannon reports them and as
 * measured, and the heaviest functions while it ran; then the same sessions'
 * requests at the same rate evenly spaced (paced()), for comparison.
 */
async function profile() {
  const dir = path.join(serverEnv.DATA_DIR, "cpu-profile");
  const srv = await startServer({ distDir, env: { ...serverEnv, DB_COUNT_STATEMENTS: "0" }, port: await freePort(), nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
  const cookies = seeded.customers.map(cookieFor);
  let bursts, even, started, ended;
  try {
    for (const p of [...CUSTOMER_PATHS, ...PUBLIC_ROUTES]) await (await fetch(`${srv.baseUrl}${p}`, { headers: { cookie: cookies[0] } })).arrayBuffer(); // each renders once first
    started = Date.now();
    bursts = await mixedLoad({ base: srv.baseUrl, cookies, duration: 30, pace: { connectionRate: 1 } });
    ended = Date.now();
    even = await paced({ url: srv.baseUrl, rate: Math.round(bursts.requests.average), duration: 30, requests: sessionRequests(cookies) });
  } finally {
    await srv.stop();
  }
  const tailMs = Date.now() - ended;
  const cpu = JSON.parse(readFileSync(newestProfile(dir), "utf8"));
  const figures = (r, l) => `${rps(r)} req/s, p50 ${ms(l.p50)}, p90 ${ms(l.p90)}, p99 ${ms(l.p99)}, max ${ms(l.max)}; ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`;
  return [
    "## Where the 745 ms p99 comes from",
    "",
    `The 200 sessions of \`bench:load\` (150 signed-in customers reading ${CUSTOMER_PATHS.map((p) => `\`${p}\``).join(", ")} in turn, 50 visitors reading the public pages), each one request a second (autocannon's connectionRate 1), 30 s, on a server run with \`node --cpu-prof\` (the same build and database):`,
    "",
    `- as autocannon reports it (the figure of the load tables): ${figures(bursts, bursts.latency)};`,
    `- the responses' own times (autocannon's \`response\` events): ${figures(bursts, bursts.measured)};`,
    `- the same requests at the same rate, evenly spaced (an open loop, each session starting at a different page): ${figures(even, even.measured)}.`,
    "",
    "The profile's samples during the autocannon run, each function's self time placed in its original source through the bundles' source maps (`node scripts/bench-cpu-profile.mjs <file>` prints the same for any profile):",
    "",
    ...profileLines(cpu, { windowMs: ended - started, tailMs, distDir }),
    "",
  ];
}

/**
 * Each target at 10 connections for the run's duration on its own server run
 * with --cpu-prof (statement logging off): the main thread's busy time per
 * request, and its share by group, beside /api/health's (the floor H is
 * measured on). A page whose CPU per request is above 1 / (0.25 H) cannot
 * reach 0.25 H on one event loop, whatever the database does.
 */
async function profileEach(targets) {
  const results = [];
  for (const [i, target] of targets.entries()) {
    const dir = path.join(serverEnv.DATA_DIR, `cpu-profile-each-${i}`);
    const srv = await startServer({ distDir, env: { ...serverEnv, DB_COUNT_STATEMENTS: "0" }, port: await freePort(), nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
    let r, started, ended;
    try {
      const url = `${srv.baseUrl}${target.path}`;
      const headers = target.cookie ? { cookie: target.cookie } : {};
      for (let n = 0; n < 20; n++) await (await fetch(url, { headers })).arrayBuffer(); // compiled and warm first
      started = Date.now();
      r = await run({ url, headers, connections: CONNECTIONS, duration: DURATION });
      ended = Date.now();
    } finally {
      await srv.stop();
    }
    const cpu = JSON.parse(readFileSync(newestProfile(dir), "utf8"));
    const to = cpu.endTime - (Date.now() - ended) * 1000;
    const s = summarise(cpu, { from: to - (ended - started) * 1000, to, distDir });
    const requests = r.requests.total;
    results.push({ target, r, s, perRequestMs: s.busyMs / Math.max(1, requests) });
  }
  const groupNames = [...new Set(results.flatMap((x) => x.s.groups.slice(0, 6).map((g) => g.name)))];
  const share = (x, name) => {
    const g = x.s.groups.find((gr) => gr.name === name);
    return g ? `${(x.perRequestMs * g.share).toFixed(2)} ms (${Math.round(100 * g.share)} %)` : "";
  };
  const top = (x) =>
    x.s.functions
      .slice(0, 3)
      .map((f) => `\`${f.name.replace(/\|/g, "\\|")}\` ${Math.round(100 * f.share)} %`)
      .join(", ");
  return [
    "## Where each miss goes (--profile-each)",
    "",
    `Each page or API that missed a target, /api/health (the floor H), the prerendered 404 page and the public \`/\` (its floor in bench:load), each alone at ${CONNECTIONS} connections for ${DURATION} s on its own server run with \`node --cpu-prof\` (the same build and database, statement logging off). CPU per request = the main thread's busy time while autocannon ran ÷ the requests answered; by group = that time split by the profile's groups (scripts/bench-cpu-profile.mjs). One event loop answers at most 1,000 ÷ (CPU per request) req/s, so a page above 1,000 ÷ (0.25 H) ms per request cannot reach 0.25 H on this server, whatever the database does.`,
    "",
    `| Page or API | req/s | Busy | CPU per request | ${groupNames.join(" | ")} | Heaviest functions |`,
    `|---|---|---|---|${groupNames.map(() => "---|").join("")}---|`,
    ...results.map(
      (x) =>
        `| \`${x.target.path}\` (${x.target.as}) | ${rps(x.r)} | ${Math.round((100 * x.s.busyMs) / x.s.windowMs)} % | ${x.perRequestMs.toFixed(2)} ms | ${groupNames.map((n) => share(x, n)).join(" | ")} | ${top(x)} |`,
    ),
    "",
  ];
}

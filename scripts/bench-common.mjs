// What the benchmarks (bench-load.mjs, bench-ingest.mjs, bench-insights.mjs, ...)
// share: the production build, the database, autocannon, the better-auth cookie
// and the dated table.
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const root = path.resolve(import.meta.dirname, "..");
/** The secret the benchmark servers sign sessions with (never a real deployment's). */
export const AUTH_SECRET = "bench-only-secret-0123456789abcdef0123456789abcdef";

/** Builds the production app into `distDir` (exits on a failed build). */
export function buildApp(env, distDir) {
  console.log(`Building into ${distDir} ...`);
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Creates the PostgreSQL database of `url` when it is missing; with `recreate`, drops it first (a fresh seed: the server migrates it when it starts). */
export async function ensureDatabase(url, { recreate = false } = {}) {
  const { default: pg } = await import("pg");
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres") });
  await admin.connect();
  if (recreate) await admin.query(`drop database if exists "${name}" with (force)`);
  const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  await admin.end();
}

/** A query function on the bench database: PostgreSQL through pg, or a PGlite folder with pg_trgm. */
export async function openDatabase({ databaseUrl, pgliteDir }) {
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const q = async (text, params) => (await client.query(text, params)).rows;
    q.close = () => client.end();
    return q;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(pgliteDir, { extensions: { pg_trgm } });
  const q = async (text, params) => (await db.query(text, params)).rows;
  q.close = () => db.close();
  return q;
}

/** Debian's Chromium (CHROMIUM_PATH overrides), headless, with the flags every benchmark uses. */
export async function launchChromium() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** A browser context on `baseURL`, signed in with session cookies (cookieFor's "name=value", or a Cookie header's "a=b; c=d"). */
export async function signedInContext(browser, baseURL, cookie) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name, value] = pair.split(/=(.*)/s);
      return { name, value, url: baseURL };
    }),
  );
  return context;
}

/** The better-auth session cookie for a token: token.base64(HMAC-SHA256(secret, token)), URI-encoded. */
export function cookieFor(token) {
  const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * One autocannon run, quietly. `result.measured` has the percentiles of the
 * responses' own times: with a rate (connectionRate, overallRate) autocannon's
 * `latency` corrects for coordinated omission assuming a request every
 * ceil(1 / rate) = 1 ms, so each slow response also adds made-up values, one
 * per millisecond it took.
 */
export function run(opts) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ timeout: 10, ...opts }, (err, result) => (err ? reject(err) : resolve({ ...result, measured: percentiles(times) })));
    instance.on("response", (client, status, bytes, time) => times.push(time));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** p50, p90, p99 and max of `times` (ms). */
export function percentiles(times) {
  const s = Float64Array.from(times).sort();
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: s.at(-1) ?? NaN, n: s.length };
}

/**
 * An open loop at a fixed rate: GET `url` every 1000 / `rate` ms, evenly
 * spaced, for `duration` s, each on a free keep-alive connection (a new one
 * when all are busy), whether or not the earlier ones have answered.
 * autocannon's rates are bursts instead: each connection sends its share of a
 * second back to back when the second starts. With `requests` ([{ path,
 * headers }]), request i is requests[i % length] on `url`'s origin. Shaped
 * like run()'s result.
 */
export async function paced({ url, headers = {}, rate, duration, requests }) {
  const http = await import("node:http");
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.max(1, Math.round(rate * duration));
  const times = [];
  const result = { errors: 0, timeouts: 0, non2xx: 0 };
  const started = performance.now();
  await new Promise((resolve) => {
    let sent = 0;
    let done = 0;
    const finish = () => ++done === total && resolve();
    const send = (i) => {
      const r = requests?.[i % requests.length];
      const t0 = performance.now();
      const req = http.get(r ? new URL(r.path, url) : url, { agent, headers: r ? r.headers : headers, timeout: 10_000 }, (res) => {
        res.resume();
        res.on("end", () => {
          times.push(performance.now() - t0);
          if (res.statusCode < 200 || res.statusCode >= 300) result.non2xx++;
          finish();
        });
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (err) => {
        if (err.message === "timeout") result.timeouts++;
        else result.errors++;
        finish();
      });
    };
    const tick = () => {
      while (sent < total && started + (sent * 1000) / rate <= performance.now()) {
        send(sent);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + (sent * 1000) / rate - performance.now()));
    };
    tick();
  });
  agent.destroy();
  const measured = percentiles(times);
  return { ...result, latency: measured, measured, requests: { average: (total * 1000) / (performance.now() - started), total } };
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
export function rps(r) {
  return Math.round(r.requests.average).toLocaleString("en-US");
}
export function ms(v) {
  return `${Math.round(v)} ms`;
}
export function clean(r) {
  return r.errors === 0 && r.timeouts === 0 && r.non2xx === 0;
}
export function verdict(ok) {
  return ok ? "PASS" : "**FAIL**";
}

export function loadAverage() {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

/** Writes (and prints) docs/benchmarks/<name>-YYYY-MM-DD[suffix].md. */
export function writeTable({ name, suffix = "", title, command, startLoad, rows, notes = [] }) {
  const day = new Date().toISOString().slice(0, 10);
  const file = `docs/benchmarks/${name}-${day}${suffix}.md`;
  const lines = [
    `# ${title}`,
    "",
    `\`${command}\` on ${new Date().toISOString()}; Node ${process.version}; server and load generator (autocannon) on the same 2-core machine.`,
    `Load average at start: ${startLoad}; at end: ${loadAverage()}.`,
    "",
    "| Figure | Measured | Target | Floor in this run | Result |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.join(" | ")} |`),
    "",
    ...notes,
  ];
  const out = lines.join("\n");
  mkdirSync(path.join(root, "docs/benchmarks"), { recursive: true });
  writeFileSync(path.join(root, file), out);
  console.log(`\n${out}\nWritten to ${file}`);
}

/**
 * The server's environment on a fresh data folder: PostgreSQL (DATABASE_URL,
 * default the local `bench` database, created when missing) or, with
 * `pglite`, an embedded database in the data folder. `extra` adds variables.
 */
export async function benchEnvironment({ pglite, name, extra = {} }) {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const dataDir = mkdtempSync(path.join(tmpdir(), `ai-employees-${name}-`));
  const serverEnv = { AUTH_SECRET, SEED_DEMO_DATA: "never", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...extra };
  let databaseUrl;
  if (pglite) serverEnv.PGLITE_DIR = path.join(dataDir, "pglite");
  else {
    databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/bench";
    await ensureDatabase(databaseUrl);
    serverEnv.DATABASE_URL = databaseUrl;
  }
  return { serverEnv, databaseUrl };
}

/** Where the benchmarks build and serve the production app. */
export const distDir = process.env.NEXT_DIST_DIR || ".next-bench";

/**
 * The start the seeded benchmarks share: builds the app into `distDir` (unless
 * `args` has --no-build), notes the load average, prepares the server's
 * environment (benchEnvironment) and starts it around `seed({ serverEnv,
 * databaseUrl })` (startAfterSeed).
 */
export async function startBench({ args, name, pglite = false, extra, seed }) {
  if (!args.includes("--no-build")) buildApp({ ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" }, distDir);
  const startLoad = loadAverage();
  const { serverEnv, databaseUrl } = await benchEnvironment({ pglite, name, extra });
  const { server, seeded } = await startAfterSeed({ distDir, serverEnv, seed: () => seed({ serverEnv, databaseUrl }) });
  return { startLoad, serverEnv, databaseUrl, server, seeded };
}

/** Starts the server once (it migrates), runs `seed` while no server runs (PGlite has one owner), and starts it again. */
export async function startAfterSeed({ distDir, serverEnv, seed }) {
  const { freePort, startServer } = await import("./bench-server.mjs");
  const first = await startServer({ distDir, env: serverEnv, port: await freePort() });
  await first.stop();
  const seeded = await seed();
  const server = await startServer({ distDir, env: serverEnv, port: await freePort() });
  return { server, seeded };
}

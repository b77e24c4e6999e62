// What the benchmarks (bench-load.mjs, bench-ingest.mjs) share: the production
// build, the database, autocannon, the better-auth cookie and the dated table.
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

/** A browser context on `baseURL`, signed in with a session `cookie` (cookieFor's "name=value"). */
export async function signedInContext(browser, baseURL, cookie) {
  const [name, value] = cookie.split(/=(.*)/s);
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name, value, url: baseURL }]);
  return context;
}

/** The better-auth session cookie for a token: token.base64(HMAC-SHA256(secret, token)), URI-encoded. */
export function cookieFor(token) {
  const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** One autocannon run, quietly. */
export function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
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

/** Starts the server once (it migrates), runs `seed` while no server runs (PGlite has one owner), and starts it again. */
export async function startAfterSeed({ distDir, serverEnv, seed }) {
  const { freePort, startServer } = await import("./bench-server.mjs");
  const first = await startServer({ distDir, env: serverEnv, port: await freePort() });
  await first.stop();
  const seeded = await seed();
  const server = await startServer({ distDir, env: serverEnv, port: await freePort() });
  return { server, seeded };
}

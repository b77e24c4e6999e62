#!/usr/bin/env node
// `npm run bench:insights`: the insights and metrics figures of issue 26.
// 1. Seeds a PostgreSQL database (DATABASE_URL, default the local `bench`
//    database; dropped and created afresh when it lacks this seed, or with
//    --reseed) with 10,000 accounts and subscriptions, their invoices and
//    1,000,000 interactions, 50,000 of them the demo account's
//    (bench-insights-seed.mjs); the rollups rebuilt at once.
// 2. Builds the production app into .next-bench (unless --no-build) and serves it.
// 3. Measures, beside the /api/health floor of the same run: GET /api/insights
//    for 90 days as the demo account's owner (p50/p99 at a fixed 10 req/s for 60 s, and
//    throughput at 10 connections), which tables it scanned (pg_stat_user_tables)
//    and the plan of each statement behind it; /admin/metrics first contentful
//    paint in Chromium as the admin (median of 5 loads) and the server time and
//    plan of each of its statements. The plans are PostgreSQL's own, logged by
//    auto_explain (EXPLAIN ANALYZE, BUFFERS) for the bench database only while
//    a separate server answers one request of each page, and read back from the
//    server log (pg_read_file; BENCH_PG_LOG names it when it is not the Debian
//    default /var/log/postgresql/postgresql-<major>-main.log).
// 4. Writes docs/benchmarks/insights-YYYY-MM-DD.md (also printed).
// Options: --no-build, --reseed.
import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import { clean, cookieFor, distDir, ensureDatabase, launchChromium, median, ms, openDatabase, rps, run, signedInContext, startBench, verdict, writeTable } from "./bench-common.mjs";
import { ACCOUNTS, DEMO, INTERACTIONS, seedSql } from "./bench-insights-seed.mjs";
import { freePort, startServer } from "./bench-server.mjs";

const args = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/bench";
const TARGET = { insightsP99: 150, firstPaint: 1500 };
const RATE = 10;
const CONNECTIONS = 10;
const PERIOD_DAYS = 90;
const PACED_SECONDS = 60;

const fresh = args.includes("--reseed") || !(await seeded());
if (fresh) await ensureDatabase(databaseUrl, { recreate: true });
const { startLoad, serverEnv, server: first, seeded: tokens } = await startBench({ args, name: "insights", seed });
const owner = cookieFor(tokens.owner);
const admin = cookieFor(tokens.admin);
const to = new Intl.DateTimeFormat("en-CA", { timeZone: DEMO.timeZone }).format(new Date());
const from = new Date(Date.parse(`${to}T00:00:00Z`) - (PERIOD_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
const insightsPath = `/api/insights?from=${from}&to=${to}`;

// Plans first, on a server of their own (auto_explain is on for its connections only); then the timed runs without it.
await first.stop();
const plans = await explainOneRequestEach();
const server = await startServer({ distDir, env: serverEnv, port: await freePort() });
const base = server.baseUrl;
const rows = [];
const notes = [];
try {
  const check = await fetch(`${base}${insightsPath}`, { headers: { cookie: owner } });
  if (check.status !== 200) throw new Error(`the demo owner's session is refused by ${insightsPath} (${check.status}): ${await check.text()}`);
  const body = await check.json();
  for (let i = 0; i < 30; i++) await (await fetch(`${base}${insightsPath}`, { headers: { cookie: owner } })).arrayBuffer();

  const healthPaced = await run({ url: `${base}/api/health`, connections: 2, overallRate: RATE, duration: 10 });
  const health = await run({ url: `${base}/api/health`, connections: CONNECTIONS, duration: 10 });
  rows.push([`Floor: /api/health at ${RATE} req/s: p50 / p99`, `${ms(healthPaced.latency.p50)} / ${ms(healthPaced.latency.p99)}`, "", "", ""]);
  rows.push([`Floor: /api/health, ${CONNECTIONS} connections`, `${rps(health)} req/s, p99 ${ms(health.latency.p99)}`, "", "", ""]);

  const before = await tableScans();
  const paced = await run({ url: `${base}${insightsPath}`, connections: 2, overallRate: RATE, duration: PACED_SECONDS, headers: { cookie: owner } });
  const scans = diffScans(before, await tableScans());
  const floorPaced = `p50 ${ms(healthPaced.latency.p50)}, p99 ${ms(healthPaced.latency.p99)} (health)`;
  rows.push([
    `/api/insights, ${PERIOD_DAYS} days (${body.totals.interactions.toLocaleString("en-US")} interactions in the period), ${RATE} req/s for ${PACED_SECONDS} s: p99`,
    `${ms(paced.latency.p99)} (p50 ${ms(paced.latency.p50)}; ${paced.requests.total} requests, ${paced.non2xx} non-2xx)`,
    `< ${TARGET.insightsP99} ms`,
    floorPaced,
    verdict(paced.latency.p99 < TARGET.insightsP99 && clean(paced)),
  ]);
  const busy = await run({ url: `${base}${insightsPath}`, connections: CONNECTIONS, duration: 15, headers: { cookie: owner } });
  rows.push([
    `/api/insights, ${PERIOD_DAYS} days, ${CONNECTIONS} connections: throughput`,
    `${rps(busy)} req/s, p50 ${ms(busy.latency.p50)}, p99 ${ms(busy.latency.p99)}`,
    "",
    `${rps(health)} req/s, p99 ${ms(health.latency.p99)} (health)`,
    clean(busy) ? "informative" : "**errors**",
  ]);
  const interactionScans = scans.interactions ?? { seq: 0, idx: 0 };
  rows.push([
    `Scans of \`interactions\` during the ${paced.requests.total} paced requests (pg_stat_user_tables)`,
    `${interactionScans.seq} sequential, ${interactionScans.idx} index (rollups: ${scans.interaction_rollups?.idx ?? 0} index, ${scans.interaction_rollups?.seq ?? 0} sequential)`,
    "0 sequential",
    "",
    verdict(interactionScans.seq === 0),
  ]);
  const charts = plans.insights.filter((p) => p.chart);
  const touching = charts.filter((p) => p.scansInteractions);
  rows.push(["Chart statements behind /api/insights whose plan scans `interactions`", `${touching.length} of ${charts.length}`, "0", "", verdict(charts.length > 0 && touching.length === 0)]);

  const paints = await firstPaints();
  rows.push([
    "/admin/metrics first contentful paint in Chromium, as the admin: median of 5",
    `${ms(median(paints.map((p) => p.fcp)))} (loads: ${paints.map((p) => Math.round(p.fcp)).join(", ")} ms; server answer ${ms(median(paints.map((p) => p.ttfb)))})`,
    `< ${TARGET.firstPaint} ms`,
    floorPaced,
    verdict(median(paints.map((p) => p.fcp)) < TARGET.firstPaint),
  ]);
  const metricsMs = plans.metrics.reduce((m, p) => Math.max(m, p.ms), 0);
  rows.push(["/admin/metrics: slowest statement (server time, one request)", ms(metricsMs), "", "", "informative"]);

  notes.push(
    `Machine: ${availableParallelism()} cores (nproc). Data: ${ACCOUNTS.toLocaleString("en-US")} accounts and subscriptions, ${INTERACTIONS.toLocaleString("en-US")} interactions over 120 days (the demo account, ${DEMO.timeZone}: 50,000), their rollups, ${plans.counts.invoices.toLocaleString("en-US")} invoices over ${plans.counts.invoiceMonths} months; period ${from} to ${to} (the demo account's days).`,
    "",
    "## Statements behind GET /api/insights (90 days, the demo account)",
    "",
    "PostgreSQL's plans (auto_explain: EXPLAIN ANALYZE with row counts and BUFFERS, without per-node timing) of one request, on a server of their own, the statement's time as PostgreSQL logged it.",
    "",
    ...planTable(plans.insights),
    "",
    "## Statements behind /admin/metrics",
    "",
    ...planTable(plans.metrics),
    "",
  );
} finally {
  await server.stop();
}
writeTable({
  name: "insights",
  title: `Insights and metrics: PostgreSQL, ${INTERACTIONS.toLocaleString("en-US")} interactions, ${ACCOUNTS.toLocaleString("en-US")} subscriptions`,
  command: "npm run bench:insights",
  startLoad,
  rows,
  notes,
});

// ---------------------------------------------------------------------------

/** Whether the database holds this seed (its interactions and their rollups). */
async function seeded() {
  try {
    const query = await openDatabase({ databaseUrl });
    try {
      const [{ n, r }] = await query(`select (select count(*) from interactions where id like 'bench-in-x-%')::int as n, (select count(*) from interaction_rollups)::int as r`);
      return n === INTERACTIONS && r > 0;
    } finally {
      await query.close();
    }
  } catch {
    return false; // no database, or not migrated yet
  }
}

/** Seeds a fresh database (the server has just migrated it); returns fresh session tokens of the demo owner and the admin. */
async function seed() {
  const query = await openDatabase({ databaseUrl });
  try {
    if (fresh) {
      console.log(`Seeding ${ACCOUNTS.toLocaleString("en-US")} accounts and ${INTERACTIONS.toLocaleString("en-US")} interactions ...`);
      const started = Date.now();
      for (const statement of seedSql()) await query(statement);
      console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await query(`delete from session where user_agent = 'bench'`);
    const tokens = { owner: randomUUID().replace(/-/g, ""), admin: randomUUID().replace(/-/g, "") };
    await query(
      `insert into session (id, token, user_id, expires_at, user_agent, active_organization_id)
       values ($1, $2, $3, now() + interval '1 day', 'bench', $4), ($5, $6, $7, now() + interval '1 day', 'bench', null)`,
      [randomUUID(), tokens.owner, DEMO.owner, DEMO.account, randomUUID(), tokens.admin, DEMO.admin],
    );
    return tokens;
  } finally {
    await query.close();
  }
}

/** Sequential and index scans of every table so far. */
async function tableScans() {
  const query = await openDatabase({ databaseUrl });
  try {
    await new Promise((r) => setTimeout(r, 1500)); // the server's backends flush their counters at most once a second
    const rows = await query(`select relname, coalesce(seq_scan, 0)::bigint as seq, coalesce(idx_scan, 0)::bigint as idx from pg_stat_user_tables`);
    return new Map(rows.map((r) => [r.relname, { seq: Number(r.seq), idx: Number(r.idx) }]));
  } finally {
    await query.close();
  }
}

function diffScans(before, after) {
  const out = {};
  for (const [name, a] of after) {
    const b = before.get(name) ?? { seq: 0, idx: 0 };
    out[name] = { seq: a.seq - b.seq, idx: a.idx - b.idx };
  }
  return out;
}

/**
 * One request of each page on a server whose connections run auto_explain
 * (the bench database's settings, reset afterwards); each statement's plan as
 * PostgreSQL logged it.
 */
async function explainOneRequestEach() {
  const query = await openDatabase({ databaseUrl });
  const db = new URL(databaseUrl).pathname.slice(1);
  const [{ major }] = await query(`select current_setting('server_version_num')::int / 10000 as major`);
  const [{ collector }] = await query(`select pg_current_logfile() as collector`);
  const logFile = process.env.BENCH_PG_LOG || collector || `/var/log/postgresql/postgresql-${major}-main.log`;
  const [{ invoices, months }] = await query(
    `select count(*)::int as invoices, (extract(year from age(max(issued_at), min(issued_at))) * 12 + extract(month from age(max(issued_at), min(issued_at))) + 1)::int as months from invoices`,
  );
  const logSize = async () => Number((await query(`select size from pg_stat_file($1)`, [logFile]))[0].size);
  const settings = {
    session_preload_libraries: "auto_explain",
    "auto_explain.log_min_duration": "0",
    "auto_explain.log_analyze": "on",
    "auto_explain.log_buffers": "on",
    "auto_explain.log_timing": "off",
    "auto_explain.log_format": "json",
  };
  for (const [k, v] of Object.entries(settings)) await query(`alter database "${db}" set ${k} = '${v}'`);
  let srv;
  const out = { insights: [], metrics: [], counts: { invoices, invoiceMonths: months } };
  try {
    srv = await startServer({ distDir, env: serverEnv, port: await freePort() });
    for (const [key, path, cookie] of [
      ["insights", insightsPath, owner],
      ["metrics", "/admin/metrics", admin],
    ]) {
      await (await fetch(`${srv.baseUrl}${path}`, { headers: { cookie } })).arrayBuffer(); // warm: modules, pool
      const start = await logSize();
      const res = await fetch(`${srv.baseUrl}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      await new Promise((r) => setTimeout(r, 500));
      const text = (await query(`select pg_read_file($1, $2, $3) as t`, [logFile, start, (await logSize()) - start]))[0].t;
      out[key] = loggedPlans(text, db);
    }
  } finally {
    await srv?.stop();
    await query(`alter database "${db}" reset all`);
    await query.close();
  }
  return out;
}

/** The plans auto_explain logged for database `db` in `text` (a piece of the server log). */
function loggedPlans(text, db) {
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/);
  const plans = [];
  for (const entry of entries) {
    const m = /@(\S+) LOG:\s+duration: ([\d.]+) ms\s+plan:\s*([\s\S]*)$/.exec(entry);
    if (!m || m[1] !== db) continue;
    let plan;
    try {
      plan = JSON.parse(m[3]);
    } catch {
      continue;
    }
    if (/pgboss|pg_catalog|^\s*(begin|commit|set)/i.test(plan["Query Text"])) continue;
    const summary = summarise(plan, Number(m[2]));
    // The pages' own statements; the rest (sign-in, the background jobs' work meanwhile) is not what is measured.
    if (summary.label) plans.push(summary);
  }
  return plans;
}

/** What a plan read: each scan node (type, table, index, rows), buffers, and whether it reads `interactions`. */
function summarise(plan, duration) {
  const scans = [];
  const walk = (node) => {
    if (node["Relation Name"])
      scans.push(`${node["Node Type"]} on ${node["Relation Name"]}${node["Index Name"] ? ` using ${node["Index Name"]}` : ""} (${node["Actual Rows"] * (node["Actual Loops"] ?? 1)} rows)`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  const sql = plan["Query Text"].replace(/\s+/g, " ").trim();
  const top = plan.Plan;
  return {
    sql,
    ms: duration,
    chart: /interaction_rollups/.test(sql),
    scansInteractions: scans.some((s) => / on interactions\b/.test(s)),
    label: statementLabel(sql),
    summary: `${top["Node Type"]}, ${top["Actual Rows"]} rows; ${scans.join("; ") || "no table"}; buffers hit ${top["Shared Hit Blocks"] ?? 0}, read ${top["Shared Read Blocks"] ?? 0}${top["Temp Written Blocks"] ? `, temp written ${top["Temp Written Blocks"]}` : ""}`,
  };
}

/** A short name for a statement of the insights or metrics pages. */
function statementLabel(sql) {
  const rules = [
    [/extract\(dow from/, "Chart: weekday × hour heat map (rollups)"],
    [/"transfer_destination"/, "Chart: transfers by destination (rollups)"],
    [/interaction_rollups/, "Chart: by day and outcome, both periods (rollups)"],
    [/with clock as/, "Usage ledger: the current usage month"],
    [/to_char\(("interactions"\.)?"started_at"/, "Usage ledger: the month's days"],
    [/with charged as/, "Metrics: MRR series"],
    [/count\(\*\) filter .*group by 1$/, "Metrics: subscriptions by plan"],
    [/s\.trial_start/, "Metrics: trial outcomes"],
    [/overage_entries.*billed/, "Metrics: overage billed"],
    [/payment_failed_at.*'paid'/, "Metrics: recovered payments"],
    [/payment_failed_at/, "Metrics: failed payments"],
    [/sum\(i\.units_milli\)/, "Metrics: units of every live subscription's month"],
    [/join "?organization"? o on/, "Metrics: live subscriptions"],
  ];
  return rules.find(([re]) => re.test(sql))?.[1];
}

function planTable(plans) {
  if (plans.length === 0) return ["(no plans logged: is the server log readable? set BENCH_PG_LOG)"];
  return [
    "| Statement | Server time | Plan | Reads `interactions` |",
    "|---|---|---|---|",
    ...plans.map(
      (p) => `| ${p.label.replace(/\|/g, "\\|")} | ${p.ms.toFixed(1)} ms | ${p.summary.replace(/\|/g, "\\|")} | ${p.scansInteractions ? (p.chart ? "**yes**" : "yes (not a chart)") : "no"} |`,
    ),
  ];
}

/** First contentful paint of /admin/metrics as the admin: 5 loads, each in a fresh page. */
async function firstPaints() {
  const browser = await launchChromium();
  const out = [];
  try {
    const context = await signedInContext(browser, base, admin);
    const warm = await context.newPage();
    await warm.goto("/admin/metrics", { waitUntil: "load" });
    await warm.close();
    for (let i = 0; i < 5; i++) {
      const page = await context.newPage();
      await page.goto("/admin/metrics", { waitUntil: "load" });
      if (!(await page.getByRole("heading", { name: "Metrics", level: 1 }).isVisible())) throw new Error("/admin/metrics did not show its heading to the admin");
      const t = await page.evaluate(async () => {
        const fcp = await new Promise((resolve) => {
          const found = performance.getEntriesByName("first-contentful-paint")[0];
          if (found) return resolve(found.startTime);
          new PerformanceObserver((list) => resolve(list.getEntriesByName("first-contentful-paint")[0]?.startTime)).observe({ type: "paint", buffered: true });
        });
        return { fcp, ttfb: performance.getEntriesByType("navigation")[0].responseStart };
      });
      out.push(t);
      await page.close();
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return out;
}

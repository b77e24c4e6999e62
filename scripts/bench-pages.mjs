#!/usr/bin/env node
// `npm run bench:pages`: builds the production app into .next-bench, starts it
// on a free loopback port with a throw-away embedded database, runs Lighthouse
// (mobile, simulated throttling) with Debian Chromium on every public route,
// and writes a dated Markdown table to docs/benchmarks/pages-YYYY-MM-DD.md
// (also printed; the raw Lighthouse reports go to bench-results/).
//
// Options: --no-build reuses an existing .next-bench build;
//          --only=/pricing,/contact limits the routes;
//          --runs=N runs Lighthouse N times per route (default 3) and reports the
//          median run (Lighthouse's own median-run selection), as its docs advise;
//          --suffix=TEXT writes pages-YYYY-MM-DD<TEXT>.md instead, beside a full run's table.
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), NEXT_DIST_DIR (default .next-bench).
// Targets (issue 12): Performance 100 (median of 3), Accessibility, Best Practices
// and SEO 100, LCP <= 1.8 s, at most 150 KB of JavaScript transferred per page.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import * as chromeLauncher from "chrome-launcher";
import { loadAverage } from "./bench-common.mjs";
import { PUBLIC_ROUTES, freePort } from "./bench-server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const distDir = process.env.NEXT_DIST_DIR || ".next-bench";
const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const args = process.argv.slice(2);
const skipBuild = args.includes("--no-build");
const runs = Math.max(1, Number(args.find((a) => a.startsWith("--runs="))?.slice("--runs=".length) ?? 3));
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const suffix = args.find((a) => a.startsWith("--suffix="))?.slice("--suffix=".length) ?? "";

const ROUTES = PUBLIC_ROUTES.filter((r) => !only || only.includes(r));

const TARGETS = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
const LCP_TARGET_MS = 1800;
const JS_TARGET_KB = 150;
const next = path.join(root, "node_modules/next/dist/bin/next");

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_DIST_DIR: distDir,
  NEXT_TELEMETRY_DISABLED: "1",
};
delete env.DATABASE_URL;

if (!skipBuild) {
  console.log(`Building into ${distDir} ...`);
  const build = spawnSync(process.execPath, [next, "build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "ai-employees-bench-"));
const logFile = path.join(dataDir, "server.log");
const server = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), "--port", String(port), "--hostname", "127.0.0.1"], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    PUBLIC_BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    ALLOW_EMBEDDED_IN_PRODUCTION: "true",
    SEED_DEMO_DATA: "never",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", openSync(logFile, "a"), openSync(logFile, "a")],
});

/** Kilobytes of JavaScript the page transferred (Lighthouse's resource summary). */
function scriptKb(lhr) {
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  const script = items.find((i) => i.resourceType === "script");
  return Math.round((script?.transferSize ?? 0) / 1024);
}

let chrome;
async function cleanup() {
  try {
    await chrome?.kill();
  } catch {
    /* already gone */
  }
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", async () => {
  await cleanup();
  process.exit(130);
});

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error(`server exited early; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`server did not start; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // Warm each route once (first database use, module loading) so the numbers are steady-state.
  for (const r of ROUTES) await (await fetch(`${baseUrl}${r}`)).text();

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });

  const startLoad = loadAverage();
  const rows = [];
  const problems = [];
  for (const route of ROUTES) {
    const url = `${baseUrl}${route}`;
    process.stdout.write(`Lighthouse ${route} (${runs} run${runs > 1 ? "s" : ""}) ... `);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: Object.keys(TARGETS),
        formFactor: "mobile",
      });
      results.push(result.lhr);
    }
    const lhr = computeMedianRun(results);
    const perfRange = results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
    mkdirSync(path.join(root, "bench-results"), { recursive: true });
    writeFileSync(path.join(root, `bench-results/lighthouse-${route === "/" ? "home" : route.slice(1)}.json`), JSON.stringify(lhr));
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? "-";
    const row = {
      route,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      runs: perfRange.join(", "),
      lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Infinity,
      jsKb: scriptKb(lhr),
    };
    rows.push(row);
    console.log(`${row.performance} / ${row.accessibility} / ${row["best-practices"]} / ${row.seo}`);
    for (const [cat, target] of Object.entries(TARGETS)) {
      if (row[cat] >= target) continue;
      const failing = lhr.categories[cat].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${lhr.audits[ref.id].title} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
      problems.push(`- ${route} ${cat} ${row[cat]} < ${target}: ${failing.join("; ")}`);
    }
    if (row.lcpMs > LCP_TARGET_MS) problems.push(`- ${route} LCP ${row.lcp} > ${LCP_TARGET_MS / 1000} s`);
    if (row.jsKb > JS_TARGET_KB) problems.push(`- ${route} ${row.jsKb} KB of JavaScript > ${JS_TARGET_KB} KB`);
  }

  const mark = (v, t) => (v >= t ? String(v) : `**${v}**`);
  const lines = [
    "# Lighthouse: public pages",
    "",
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile form factor, simulated throttling, ${chromePath}; production build (\`npm run serve\`) on ${baseUrl}; ${new Date().toISOString()}.`,
    `Median of ${runs} run(s) per route. Load average at start: ${startLoad}; at end: ${loadAverage()}.`,
    `Targets: Performance 100, Accessibility 100, Best Practices 100, SEO 100, LCP <= ${LCP_TARGET_MS / 1000} s, JavaScript transferred <= ${JS_TARGET_KB} KB (bold = not met).`,
    "",
    "| Route | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | JS transferred | Performance of each run |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.route} | ${mark(r.performance, 100)} | ${mark(r.accessibility, 100)} | ${mark(r["best-practices"], 100)} | ${mark(r.seo, 100)} | ${r.fcp} | ${r.lcpMs > LCP_TARGET_MS ? `**${r.lcp}**` : r.lcp} | ${r.tbt} | ${r.cls} | ${r.jsKb > JS_TARGET_KB ? `**${r.jsKb} KB**` : `${r.jsKb} KB`} | ${r.runs} |`,
    ),
    "",
    problems.length ? "## Below target\n\n" + problems.join("\n") : "All routes meet the targets.",
    "",
  ];
  const out = lines.join("\n");
  const file = `docs/benchmarks/pages-${new Date().toISOString().slice(0, 10)}${suffix}.md`;
  mkdirSync(path.join(root, "docs/benchmarks"), { recursive: true });
  writeFileSync(path.join(root, file), out);
  console.log(`\n${out}`);
  console.log(`Written to ${file}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}

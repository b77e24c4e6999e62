#!/usr/bin/env node
// `npm test`: unit, integration (embedded PGlite; again against PostgreSQL when
// DATABASE_URL is set) and browser journeys in Chromium. Prints one closing line.
import { spawnSync } from "node:child_process";
import { readFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureNode } from "./ensure-node.mjs";

ensureNode();

const root = path.resolve(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
const outDir = path.join(root, "test-results");
mkdirSync(outDir, { recursive: true });

const runs = [
  { name: "unit", args: ["--project", "unit"], env: { DATABASE_URL: "" } },
  { name: "integration (PGlite)", args: ["--project", "integration"], env: { DATABASE_URL: "" } },
];
if (process.env.DATABASE_URL) {
  runs.push({ name: "integration (PostgreSQL)", args: ["--project", "integration"], env: { DATABASE_URL: process.env.DATABASE_URL } });
}
if (process.env.SKIP_E2E !== "1") {
  runs.push({ name: "browser journeys", args: ["--project", "e2e"], env: { DATABASE_URL: "" } });
  // Two app processes on one database need a PostgreSQL server.
  if (process.env.DATABASE_URL) {
    runs.push({ name: "two instances (PostgreSQL)", args: ["--project", "e2e", "e2e/two-instances.e2e.test.ts"], env: { DATABASE_URL: process.env.DATABASE_URL } });
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
for (const [i, run] of runs.entries()) {
  console.log(`\n=== ${run.name} ===`);
  const report = path.join(outDir, `vitest-${i}.json`);
  rmSync(report, { force: true });
  const env = { ...process.env, ...run.env, NEXT_TELEMETRY_DISABLED: "1" };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, [vitest, "run", ...run.args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    if (json.numTotalTests === 0) {
      console.error(`${run.name}: no tests ran`);
      exitCode = 1;
    }
  } catch {
    failed += 1;
  }
  if (r.status !== 0) exitCode = r.status ?? 1;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(exitCode);

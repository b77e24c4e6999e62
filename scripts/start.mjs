#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then
// serves the whole product on http://localhost:3000 (PORT) with embedded
// defaults for every outside service that is not configured.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

import { ensureNode } from "./ensure-node.mjs";

ensureNode();

const root = path.resolve(import.meta.dirname, "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
// The quick start runs on the embedded defaults on purpose; a real deployment
// runs `npm run serve` with its services configured (see README).
env.ALLOW_EMBEDDED_IN_PRODUCTION ??= "true";
env.SEED_DEMO_DATA ??= "always";

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const buildId = path.join(root, distDir, "BUILD_ID");
const sources = ["app", "src", "public", "next.config.ts", "package.json", "instrumentation.ts", "proxy.ts"].map((p) => path.join(root, p));
const needsBuild = !existsSync(buildId) || Math.max(...sources.map(newestMtime)) > statSync(buildId).mtimeMs;
if (needsBuild) {
  console.log("Building the app (first start or sources changed)...");
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
const baseUrl = process.env.PUBLIC_BASE_URL || `http://localhost:${port}`;
// While the site's address is this machine, listen on this machine only: the
// demo accounts' published passwords must not be reachable from the network.
const loopback = isLoopback(baseUrl);
const args = [path.join(root, "scripts/serve.mjs"), "--port", port];
if (!process.env.BIND_ADDRESS && loopback) args.push("--hostname", "127.0.0.1");
console.log(`Starting on ${baseUrl}`);
const server = spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

function isLoopback(url) {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

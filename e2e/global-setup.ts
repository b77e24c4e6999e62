import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, openSync, rmSync, existsSync, statSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "..");
const distDir = process.env.E2E_DIST_DIR || ".next-e2e";

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const s = statSync(target);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(target).reduce((m, e) => Math.max(m, newest(path.join(target, e))), s.mtimeMs);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    authSecret: string;
  }
}

/**
 * Builds the production app (when sources changed) into its own folder and
 * starts it on a free loopback port with a throw-away embedded database.
 */
export default async function setup(project: TestProject) {
  // One secret for the build and the server, so the bundle test can look for its value.
  const authSecret = randomBytes(32).toString("base64url");
  const env = {
    ...process.env,
    AUTH_SECRET: authSecret,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
  } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  const buildId = path.join(root, distDir, "BUILD_ID");
  const srcNewest = Math.max(...["app", "src", "public", "next.config.ts", "instrumentation.ts", "proxy.ts"].map((p) => newest(path.join(root, p))));
  if (!existsSync(buildId) || srcNewest > statSync(buildId).mtimeMs) {
    const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, env, stdio: "inherit" });
    if (r.status !== 0) throw new Error("next build failed");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ai-employees-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const out = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      PUBLIC_BASE_URL: baseUrl,
      PGLITE_DIR: path.join(dataDir, "pglite"),
      UPLOAD_DIR: path.join(dataDir, "uploads"),
      ALLOW_EMBEDDED_IN_PRODUCTION: "true",
      SEED_DEMO_DATA: "always",
      ENABLE_TEST_TOOLS: "true",
      SCHEDULING_URL: `${baseUrl}/__scheduling`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", out, out],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited early; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`server did not start; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("serverLog", logFile);
  project.provide("authSecret", authSecret);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}

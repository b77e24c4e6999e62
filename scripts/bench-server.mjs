// Shared by the benchmarks (bench-pages.mjs, bench-load.mjs): the public
// routes, a free loopback port, and the production server started on a build.
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The twelve public routes (keep in step with src/features/marketing/routes.ts). */
export const PUBLIC_ROUTES = [
  "/",
  "/pricing",
  "/AI_employees",
  "/custom-services",
  "/about",
  "/our-customers",
  "/hire-ai-employee",
  "/demo-ai-employee",
  "/contact",
  "/contact-thank-you",
  "/terms-of-service",
  "/privacy-policy",
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * Starts scripts/serve.mjs on the build in `distDir` on 127.0.0.1:`port`, with
 * `env` over production defaults (embedded services allowed), and waits for
 * /api/health. The log goes to `env.DATA_DIR`/server.log. `nodeArgs` go to
 * Node before the script (e.g. --cpu-prof).
 */
export async function startServer({ distDir, env, port, nodeArgs = [] }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(env.DATA_DIR, "server.log");
  const childEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    PUBLIC_BASE_URL: baseUrl,
    ALLOW_EMBEDDED_IN_PRODUCTION: "true",
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const out = openSync(logFile, "a");
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "scripts/serve.mjs"), "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", out, out],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start:\n${readFileSync(logFile, "utf8").slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    logFile,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

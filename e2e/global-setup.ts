import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { existsSync, statSync, readdirSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { E2E_DIST_DIR, startAppServer } from "./app-server";

const root = path.resolve(import.meta.dirname, "..");

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const s = statSync(target);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(target).reduce((m, e) => Math.max(m, newest(path.join(target, e))), s.mtimeMs);
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    authSecret: string;
    /** A free loopback port the journeys' webhook receiver listens on; the app may send there (OUTBOUND_ALLOW_HOSTS). */
    receiverPort: number;
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
    NEXT_DIST_DIR: E2E_DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
  } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  const buildId = path.join(root, E2E_DIST_DIR, "BUILD_ID");
  const srcNewest = Math.max(...["app", "src", "public", "next.config.ts", "instrumentation.ts", "proxy.ts"].map((p) => newest(path.join(root, p))));
  if (!existsSync(buildId) || srcNewest > statSync(buildId).mtimeMs) {
    const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, env, stdio: "inherit" });
    if (r.status !== 0) throw new Error("next build failed");
  }
  // Webhook deliveries go only to public https hosts, unless the operator allows one (ADR 0103): the journeys' receiver.
  const receiverPort = await freePort();
  const server = await startAppServer({ authSecret, env: { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiverPort}` } });
  project.provide("baseUrl", server.baseUrl);
  project.provide("serverLog", server.logFile);
  project.provide("authSecret", authSecret);
  project.provide("receiverPort", receiverPort);
  return () => server.stop();
}

/** A loopback port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

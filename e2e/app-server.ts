import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
export const E2E_DIST_DIR = process.env.E2E_DIST_DIR || ".next-e2e";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export type AppServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** What the server printed so far. */
  log(): string;
  stop(): Promise<void>;
};

/**
 * Starts the production build (built by e2e/global-setup.ts) on a loopback
 * port with its own data folder. `env` adds to or overrides the defaults: an
 * embedded database, seeded demo accounts and test tools. Pass DATABASE_URL
 * to run on a PostgreSQL server instead.
 */
export async function startAppServer(opts: { env?: Record<string, string | undefined>; port?: number; authSecret?: string } = {}): Promise<AppServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "ai-employees-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const out = openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: E2E_DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_BASE_URL: baseUrl,
    PGLITE_DIR: path.join(dataDir, "pglite"),
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    ALLOW_EMBEDDED_IN_PRODUCTION: "true",
    SEED_DEMO_DATA: "always",
    ENABLE_TEST_TOOLS: "true",
    SCHEDULING_URL: `${baseUrl}/__scheduling`,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  if (opts.authSecret) env.AUTH_SECRET = opts.authSecret;
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: ["ignore", out, out],
  });
  const log = () => readFileSync(logFile, "utf8");
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    port,
    dataDir,
    logFile,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export type WorkerFixture = {
  /** Runs the fixture with `args` until `kill(output so far)` says so (then SIGKILLs it) or it exits; rejects when it fails or outlives the time limit. */
  run(args: string[], kill?: (out: string) => boolean): Promise<{ out: string; killed: boolean }>;
  /** Removes the fixture's database folder. */
  remove(): void;
};

/**
 * A worker fixture (test/fixtures/<fixture>) run in processes of their own,
 * as a server that can be killed with SIGKILL. They share a database on disk
 * in a temporary folder of their own (PGlite) or the shared server, so a
 * restarted process sees the first one's writes. `env` adds variables, read
 * at each run.
 */
export function workerFixture(fixture: string, opts: { timeoutMs: number; env?: () => Record<string, string> }): WorkerFixture {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${path.basename(fixture, ".ts")}-`));
  const env = (): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    ...opts.env?.(),
    PGLITE_DIR: path.join(dataDir, "pglite"),
    // Server code imports "server-only": resolve it as Next.js does on the server.
    NODE_OPTIONS: [process.env.NODE_OPTIONS, "--conditions=react-server"].filter(Boolean).join(" "),
    TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json"),
  });
  return {
    run: (args, kill) =>
      new Promise((resolve, reject) => {
        // tsx as a loader in this one process (its CLI would run the worker in a
        // child that outlives a SIGKILL of the CLI).
        const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "test/fixtures", fixture), ...args], { cwd: root, env: env() });
        let out = "";
        let err = "";
        let killed = false;
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          reject(new Error(`worker timed out: ${out}\n${err}`));
        }, opts.timeoutMs);
        const check = () => {
          if (!killed && kill?.(out)) {
            killed = true;
            child.kill("SIGKILL");
          }
        };
        // The condition may depend on more than the output (what a receiver got).
        const poll = setInterval(check, 50);
        child.stdout.on("data", (d) => {
          out += String(d);
          check();
        });
        child.stderr.on("data", (d) => (err += String(d)));
        child.on("exit", (code) => {
          clearTimeout(timer);
          clearInterval(poll);
          if (killed || code === 0) resolve({ out, killed });
          else reject(new Error(`worker exited ${code}: ${err}`));
        });
      }),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const worker = path.join(root, "test/fixtures/usage-crash-worker.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "usage-crash-"));

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    // A database on disk (PGlite) or the shared server, so a second process sees the first one's writes.
    PGLITE_DIR: path.join(dataDir, "pglite"),
    // Server code imports "server-only": resolve it as Next.js does on the server.
    NODE_OPTIONS: [process.env.NODE_OPTIONS, "--conditions=react-server"].filter(Boolean).join(" "),
    TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json"),
  };
}

/** Runs the worker until `until` matches its output (then SIGKILLs it) or it exits. */
function runWorker(args: string[], until?: RegExp): Promise<{ out: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    // tsx as a loader in this one process (its CLI would run the worker in a
    // child that outlives a SIGKILL of the CLI).
    const child = spawn(process.execPath, ["--import", "tsx", worker, ...args], { cwd: root, env: env() });
    let out = "";
    let err = "";
    let killed = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`worker timed out: ${out}\n${err}`));
    }, 60_000);
    child.stdout.on("data", (d) => {
      out += String(d);
      if (until && until.test(out) && !killed) {
        killed = true;
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (d) => (err += String(d)));
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (killed || code === 0) resolve({ out, killed });
      else reject(new Error(`worker exited ${code}: ${err}`));
    });
  });
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("killing the server between recording usage and reporting it", () => {
  it("loses nothing: a restarted worker reports every category exactly once", async () => {
    const first = await runWorker(["record"], /REPORTING (\S+)\n/);
    expect(first.killed).toBe(true);
    const recordId = /REPORTING (\S+)/.exec(first.out)![1]!;

    const second = await runWorker(["resume", recordId]);
    const result = JSON.parse(/RESULT (.*)\n/.exec(second.out)![1]!) as {
      events: Array<[string, { eventName: string; value: number }]>;
      calls: number;
      reportedAt: string | null;
    };
    const byId = Object.fromEntries(result.events);
    expect(Object.keys(byId).sort()).toEqual(
      [`usage-${recordId}-phoneInbound`, `usage-${recordId}-textInbound`, `usage-${recordId}-textOutbound`].sort(),
    );
    expect(Object.values(byId).map((e) => [e.eventName, e.value]).sort()).toEqual(
      [
        ["phone_inbound", 7],
        ["text_inbound", 3],
        ["text_outbound", 2],
      ].sort(),
    );
    expect(result.calls).toBe(3);
    expect(result.reportedAt).not.toBeNull();
  }, 120_000);
});

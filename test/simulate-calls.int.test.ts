import { createServer, type Server } from "node:http";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import robots from "@app/robots";
import * as ingest from "@app/api/v1/interactions/route";
import { createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey } from "./interactions-fixtures";

/**
 * `npm run simulate:calls` against the ingestion route, served in this
 * process on http://127.0.0.1:<port> (the app's own address is
 * http://localhost:3000 in tests): recordings the server accepts, and --seed
 * re-runs that store nothing twice.
 */
const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, "../scripts/simulate-calls.mjs");

let server: Server;
let url: string;
let admin: TestUser;
const posted: { id: string; recordingUrl?: string }[][] = [];

beforeAll(async () => {
  // Ingestion enqueues the usage-alert check (no workers needed here).
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  admin = await createUser({ role: "admin" });
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === "GET" && req.url === "/robots.txt") {
      res.end(`User-Agent: *\nAllow: /\n\nSitemap: ${robots().sitemap}\n`);
      return;
    }
    if (req.method === "POST" && req.url === "/api/v1/interactions") {
      const body = Buffer.concat(chunks).toString();
      posted.push((JSON.parse(body) as { interactions: { id: string; recordingUrl?: string }[] }).interactions);
      const answer = await ingest.POST(
        new Request(`${url}/api/v1/interactions`, { method: "POST", headers: { "content-type": "application/json", authorization: String(req.headers.authorization) }, body }),
        { params: Promise.resolve({}) },
      );
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function simulate(...args: string[]) {
  const { stdout } = await run(process.execPath, [SCRIPT, "--url", url, "--per-day", "12", ...args]);
  const m = /created (\d+), duplicate (\d+), rejected (\d+)/.exec(stdout);
  expect(m, stdout).not.toBeNull();
  return { created: Number(m![1]), duplicate: Number(m![2]), rejected: Number(m![3]) };
}

describe("npm run simulate:calls", () => {
  it("works against http://127.0.0.1:<port>: recordings link to the server's own address, and every record is accepted", async () => {
    const { orderId } = await customerWithAiEmployee();
    const key = await newApiKey(admin);
    posted.length = 0;
    expect(await simulate("--key", key, "--ai-employee", orderId)).toEqual({ created: 12, duplicate: 0, rejected: 0 });
    const recordings = posted
      .flat()
      .map((r) => r.recordingUrl)
      .filter(Boolean);
    expect(recordings.length).toBeGreaterThan(0);
    for (const r of recordings) expect(new URL(r!).origin).toBe(new URL(config().baseUrl).origin);
  });

  it("--seed sends the same ids again: a re-run stores nothing twice", async () => {
    const { orderId } = await customerWithAiEmployee();
    const key = await newApiKey(admin);
    posted.length = 0;
    expect(await simulate("--key", key, "--ai-employee", orderId, "--seed", "7")).toEqual({ created: 12, duplicate: 0, rejected: 0 });
    const first = posted.flat().map((r) => r.id);
    // A second later: the traffic ends at another "now", the ids are the seed's.
    await new Promise((r) => setTimeout(r, 1100));
    posted.length = 0;
    expect(await simulate("--key", key, "--ai-employee", orderId, "--seed", "7")).toEqual({ created: 0, duplicate: 12, rejected: 0 });
    expect(posted.flat().map((r) => r.id)).toEqual(first);
    // Another AI employee under the same key and seed gets ids of its own.
    const other = await customerWithAiEmployee();
    expect((await simulate("--key", key, "--ai-employee", other.orderId, "--seed", "7")).created).toBe(12);
  });

  it("refuses a --url that is not an http address", async () => {
    await expect(run(process.execPath, [SCRIPT, "--url", "127.0.0.1:3000", "--key", "k", "--ai-employee", "x"])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("--url must be an http(s) address"),
    });
  });
});

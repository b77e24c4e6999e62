import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** A stand-in for pg's Pool: statements resolve after `ms`, as a database would answer; a released connection is handed out again, as pg-pool does. */
function fakePool(ms: number) {
  type Client = { query: () => Promise<unknown>; release: () => void };
  const answer = () => new Promise((resolve) => setTimeout(() => resolve({ rows: [] }), ms));
  const free: Client[] = [];
  const connect = async () => {
    const client: Client = free.pop() ?? { query: answer, release: () => {} };
    client.release = () => void free.push(client);
    return client;
  };
  return { query: answer, connect } as unknown as Pool;
}

describe("DB_COUNT_STATEMENTS=1", () => {
  const lines: string[] = [];
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    vi.stubEnv("DB_COUNT_STATEMENTS", "1");
    const { countStatements } = await import("./db-statement-count");
    const pool = fakePool(5);
    countStatements(pool);
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      if (String(chunk).startsWith("db-statements ")) return lines.push(String(chunk).trim()) > 0;
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write);
    // /two sends two statements; /five two and a transaction of three (begin, a statement, commit).
    const server = createServer(async (req, res) => {
      await pool.query("select 1");
      await pool.query("select 2");
      if (req.url === "/five") {
        const client = await pool.connect();
        for (const sql of ["begin", "select 3", "commit"]) await client.query(sql);
        client.release();
      }
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });

  afterAll(() => {
    close();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("logs each request's statements, counted apart when requests overlap", async () => {
    const get = async (p: string) => (await fetch(`${base}${p}`, { headers: { connection: "close" } })).text();
    await Promise.all(["/two", "/five", "/two", "/five", "/five"].map(get));
    await get("/five"); // on a connection released by an earlier request
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.sort()).toEqual([...Array(2).fill("db-statements 2 GET /two"), ...Array(4).fill("db-statements 5 GET /five")].sort());
  });
});

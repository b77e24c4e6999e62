import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createLogger } from "@/lib/logger";
import { getDb, closeDb, dbReady } from "@/lib/db";
import { resetConfigForTests } from "@/lib/config";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger(stream, "info"), text: () => lines.join("") };
}

describe("logs never hold passwords, tokens or SQL parameters", () => {
  it("redacts credentials wherever they appear in a log object", () => {
    const { log, text } = capture();
    log.info(
      {
        body: { email: "a@example.com", password: "Hunter2-Secret-Pw", newPassword: "Next-Secret-Pw-9" },
        req: { headers: { cookie: "better-auth.session_token=abc.def", authorization: "Bearer sk_live_123" } },
        token: "verify-token-xyz",
        account: { accessToken: "at-123", refreshToken: "rt-456", idToken: "id-789" },
      },
      "request",
    );
    const out = text();
    for (const secret of ["Hunter2-Secret-Pw", "Next-Secret-Pw-9", "abc.def", "sk_live_123", "verify-token-xyz", "at-123", "rt-456", "id-789"]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("[redacted]");
  });

  it("a failed SQL statement is logged without its parameters", async () => {
    const { log, text } = capture();
    const db = await getDb();
    let failure: unknown;
    try {
      await db.execute(sql`select ${"jane.doe@example.com"}::int, ${"Jane Doe, 42 Elm St"}::text`);
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeTruthy();
    log.error({ err: failure }, "query failed");
    const out = text();
    expect(out).toContain("query failed");
    expect(out).not.toContain("jane.doe@example.com");
    expect(out).not.toContain("42 Elm St");
  });
});

describe("/api/health", () => {
  it("reports an unreachable database without showing the raw error", async () => {
    const original = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = "postgres://intruder:s3cret-pass@127.0.0.1:1/nodb";
    resetConfigForTests();
    try {
      const { GET } = await import("@app/api/health/route");
      const res = await GET(new Request("http://localhost:3000/api/health"));
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ status: "error", database: { reachable: false } });
      expect(text).not.toMatch(/ECONNREFUSED|s3cret|127\.0\.0\.1|intruder/);
    } finally {
      await closeDb().catch(() => {});
      if (original === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = original;
      resetConfigForTests();
      await dbReady();
    }
  });
});

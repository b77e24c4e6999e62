import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { dbKind, getDb } from "@/lib/db";
import { config } from "@/lib/config";
import { route } from "@/features/auth/route.server";
import { call } from "./http-helpers";

// The statement timeout is PostgreSQL's: PGlite runs one statement at a time in
// this process and cannot cancel one (README, "Database").
const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)("a slow query is cut off (PostgreSQL)", () => {
  it("every pooled connection carries DATABASE_STATEMENT_TIMEOUT_MS", async () => {
    expect(dbKind()).toBe("postgres");
    const db = await getDb();
    const rows = (await db.execute(sql`select current_setting('statement_timeout') as timeout`)) as unknown as { rows: Array<{ timeout: string }> };
    expect(rows.rows[0]!.timeout).toBe(`${config().DATABASE_STATEMENT_TIMEOUT_MS}ms`.replace(/000ms$/, "s"));
  });

  it("a statement that runs past the timeout answers 503 with Retry-After, and writes nothing", async () => {
    const db = await getDb();
    await db.execute(sql`create table if not exists timeout_probe (id int)`);
    await db.execute(sql`truncate timeout_probe`);
    const slow = route({ access: "public" }, async () => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into timeout_probe values (1)`);
        await tx.execute(sql`set local statement_timeout = 100`);
        await tx.execute(sql`select pg_sleep(2)`);
      });
      return Response.json({ ok: true });
    });
    const started = Date.now();
    const res = await call(slow, { path: "/api/probe" });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(((await res.json()) as { message: string }).message).toMatch(/busy/i);
    const left = (await db.execute(sql`select count(*)::int as n from timeout_probe`)) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0]!.n).toBe(0);
    await db.execute(sql`drop table timeout_probe`);
  });
});

describe("an ordinary failure is still a 500", () => {
  it("an error that is not the database being slow answers 500", async () => {
    const broken = route({ access: "public" }, async () => {
      throw new Error("boom");
    });
    const res = await call(broken, { path: "/api/probe" });
    expect(res.status).toBe(500);
  });
});

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { BULK_ROWS, noteRowsWritten, refreshStatistics } from "@/lib/db-statistics";

/** Issue 27 (ADR 0152): PGlite has no autovacuum, so the app refreshes the planner's statistics itself. */
const onPglite = !process.env.DATABASE_URL;

async function plannerRows(): Promise<number> {
  const db = await getDb();
  const res = await db.execute(sql`select reltuples::float8 as n from pg_class where relname = 'stats_probe'`);
  return Number((res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

describe.runIf(onPglite)("planner statistics on PGlite", () => {
  it("are refreshed once more than BULK_ROWS rows were written since the last refresh, not before", async () => {
    const db = await getDb();
    await db.execute(sql`create table stats_probe (n int)`);
    await db.execute(sql`insert into stats_probe select generate_series(1, 5000)`);
    // A table never analyzed: the planner does not know its size.
    expect(await plannerRows()).toBe(-1);
    expect(await noteRowsWritten(BULK_ROWS / 2)).toBe(false);
    expect(await plannerRows()).toBe(-1);
    expect(await noteRowsWritten(BULK_ROWS / 2 + 1)).toBe(true);
    expect(await plannerRows()).toBe(5000);
    // The count starts again after a refresh.
    await db.execute(sql`insert into stats_probe select generate_series(1, 1000)`);
    expect(await noteRowsWritten(10)).toBe(false);
    expect(await plannerRows()).toBe(5000);
    expect(await refreshStatistics()).toBe(true);
    expect(await plannerRows()).toBe(6000);
  });
});

describe.runIf(!onPglite)("planner statistics on PostgreSQL", () => {
  it("are left to the server's autovacuum", async () => {
    expect(await refreshStatistics()).toBe(false);
    expect(await noteRowsWritten(BULK_ROWS * 2)).toBe(false);
  });
});

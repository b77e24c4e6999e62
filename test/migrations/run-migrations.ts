import { readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const MIGRATIONS = path.join(import.meta.dirname, "../../src/db/migrations");
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };

/** Runs migrations `from` to `to` (journal indexes, inclusive) on a bare PGlite: a database of an earlier release, then the upgrade. */
export async function migrate(db: PGlite, from: number, to: number): Promise<void> {
  for (const { tag } of journal.entries.filter((e) => e.idx >= from && e.idx <= to)) {
    for (const statement of readFileSync(path.join(MIGRATIONS, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await db.exec(statement);
    }
  }
}

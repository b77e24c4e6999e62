import { sql, type SQL } from "drizzle-orm";

/**
 * A raw SQL condition in parentheses, so that it keeps its meaning beside
 * other conditions in and()/or(): drizzle joins their arguments without
 * parentheses, and a bare `a or b` would regroup the whole clause (issue 21;
 * lint rule scripts/lint/no-bare-sql-condition.mjs).
 */
export function group(condition: SQL): SQL {
  return sql`(${condition})`;
}

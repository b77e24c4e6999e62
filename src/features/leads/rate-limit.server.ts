import "server-only";
import { and, count, eq, gte } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/lib/db";
import { HttpError } from "@/lib/http/errors";

/** Public form submissions allowed per IP address in the window (demo leads and contact messages each). */
export const FORM_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

/**
 * Refuses a public form post with a 429 when the address already sent
 * FORM_RATE_LIMIT.max rows into `table` within the window. Run it in the
 * transaction that stores the new row.
 */
export async function refuseOverFormLimit(tx: DbOrTx, table: PgTable & { ipAddress: PgColumn; createdAt: PgColumn }, ipAddress: string, message: string): Promise<void> {
  const since = new Date(Date.now() - FORM_RATE_LIMIT.windowMs);
  const [recent] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.ipAddress, ipAddress), gte(table.createdAt, since)));
  if ((recent?.n ?? 0) >= FORM_RATE_LIMIT.max) throw new HttpError(429, message);
}

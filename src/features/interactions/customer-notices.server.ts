import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { customerNotices } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import type { CustomerNotice } from "./customer-notice";

/** How many unread notices the dashboard shows at most (newest first). */
const SHOWN = 5;

/** GET /api/notices: the caller's unread in-app notices (the usage alerts), newest first. */
export async function unreadNotices(accountId: string): Promise<{ notices: CustomerNotice[] }> {
  const db = await getDb();
  const rows = await db
    .select({ id: customerNotices.id, kind: customerNotices.kind, title: customerNotices.title, message: customerNotices.message, createdAt: customerNotices.createdAt })
    .from(customerNotices)
    .where(and(eq(customerNotices.accountId, accountId), isNull(customerNotices.readAt)))
    .orderBy(desc(customerNotices.createdAt))
    .limit(SHOWN);
  return { notices: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/**
 * PUT /api/notices/{id}/read: the customer dismissed a notice. Idempotent; a
 * notice of another customer is answered as not found and left unread.
 */
export async function markNoticeRead(accountId: string, id: string): Promise<{ id: string; read: true }> {
  const db = await getDb();
  const [row] = await db
    .select({ id: customerNotices.id, readAt: customerNotices.readAt })
    .from(customerNotices)
    .where(and(eq(customerNotices.id, id), eq(customerNotices.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Notice not found");
  if (!row.readAt)
    await db
      .update(customerNotices)
      .set({ readAt: new Date() })
      .where(and(eq(customerNotices.id, id), isNull(customerNotices.readAt)));
  return { id, read: true };
}

/** Posts a notice to an account's dashboard, in the caller's transaction; once per `dedupeKey`. */
export async function postCustomerNotice(tx: DbOrTx, notice: { accountId: string; kind: "spend-limit"; title: string; message: string; dedupeKey: string }): Promise<void> {
  await tx
    .insert(customerNotices)
    .values({ id: randomUUID(), ...notice })
    .onConflictDoNothing();
}

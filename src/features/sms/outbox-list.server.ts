import "server-only";
import { desc, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { smsMessages } from "@/db/schema";
import { cursorString, cursorTimestamp, decodeCursor, toPage, type Page } from "@/lib/http/pagination";

export type SmsOutboxItem = Pick<typeof smsMessages.$inferSelect, "id" | "to" | "body" | "kind" | "status" | "providerStatus" | "error" | "createdAt" | "sentAt"> & {
  /** A queued message held for later (quiet hours): when it goes; else null. */
  heldUntil: Date | null;
};

/** Rows per page of /admin/sms-outbox. */
export const SMS_OUTBOX_PAGE_SIZE = 50;

/**
 * The SMS outbox admins read at /admin/sms-outbox: every text message the
 * product stored (kept in the outbox without Twilio, or its delivery with
 * Twilio), newest first, `limit` a page. `cursor` is the previous page's
 * `nextCursor`; a malformed one reads the first page.
 */
export async function listSmsOutbox(opts: { cursor?: string | null; limit?: number; now?: Date } = {}): Promise<Page<SmsOutboxItem>> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? SMS_OUTBOX_PAGE_SIZE;
  const after = readCursor(opts.cursor);
  const db = await getDb();
  const rows = await db
    .select({
      id: smsMessages.id,
      to: smsMessages.to,
      body: smsMessages.body,
      kind: smsMessages.kind,
      status: smsMessages.status,
      providerStatus: smsMessages.providerStatus,
      error: smsMessages.error,
      sendAfter: smsMessages.sendAfter,
      createdAt: smsMessages.createdAt,
      sentAt: smsMessages.sentAt,
      at: sql<string>`${smsMessages.createdAt}::text`,
    })
    .from(smsMessages)
    .where(after ? sql`(${smsMessages.createdAt}, ${smsMessages.id}) < (${after.at}::timestamptz, ${after.id})` : undefined)
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (r) => [r.at, r.id],
    (r) => ({
      id: r.id,
      to: r.to,
      body: r.body,
      kind: r.kind,
      status: r.status,
      providerStatus: r.providerStatus,
      error: r.error,
      createdAt: r.createdAt,
      sentAt: r.sentAt,
      heldUntil: r.status === "queued" && r.sendAfter && r.sendAfter.getTime() > now.getTime() ? r.sendAfter : null,
    }),
  );
}

function readCursor(raw: string | null | undefined): { at: string; id: string } | null {
  if (!raw) return null;
  try {
    const cursor = decodeCursor(raw);
    return { at: cursorTimestamp(cursor, 0), id: cursorString(cursor, 1) };
  } catch {
    return null;
  }
}

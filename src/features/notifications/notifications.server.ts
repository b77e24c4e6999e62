import "server-only";
import { group } from "@/lib/sql-group";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { notifications, notificationSearchText } from "@/db/schema";
import { badRequest, notFound } from "@/lib/http/errors";
import { cursorBoolean, cursorString, cursorTimestamp, likePattern, toPage, type Page, type PageRequest } from "@/lib/http/pagination";

/** GET /api/admin/notifications items (spec 3). */
export type NotificationView = {
  id: string;
  type: string;
  title: string;
  message: string;
  priority: "urgent" | "high" | "normal" | "low" | string;
  isRead: boolean;
  createdAt: string;
};

type Row = typeof notifications.$inferSelect;
const view = (r: Row): NotificationView => ({
  id: r.id,
  type: r.type,
  title: r.title,
  message: r.message,
  priority: r.priority,
  isRead: r.isRead,
  createdAt: r.createdAt.toISOString(),
});

/**
 * GET /api/admin/notifications: one page, unread first, then newest (id breaks
 * ties), keyset-paged (ADR 0096). `q` searches title and message; `unread=true`
 * keeps the unread ones only.
 */
export async function listNotifications(page: Pick<PageRequest, "limit" | "cursor" | "q" | "params">): Promise<Page<NotificationView>> {
  const db = await getDb();
  const where: SQL[] = [];
  const unread = page.params.get("unread");
  if (unread !== null && unread !== "" && unread !== "true" && unread !== "false") throw badRequest("unread must be true or false");
  if (unread === "true") where.push(eq(notifications.isRead, false));
  if (page.q) {
    where.push(sql`${notificationSearchText(notifications)} like ${likePattern(page.q)}`);
  }
  if (page.cursor) {
    const read = cursorBoolean(page.cursor, 0);
    const at = cursorTimestamp(page.cursor, 1);
    const id = cursorString(page.cursor, 2);
    where.push(group(sql`${notifications.isRead} > ${read} or (${notifications.isRead} = ${read} and (${notifications.createdAt}, ${notifications.id}) < (${at}::timestamptz, ${id}))`));
  }
  const rows = await db
    .select({ row: notifications, at: sql<string>`${notifications.createdAt}::text` })
    .from(notifications)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(notifications.isRead), desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    (r) => [r.row.isRead, r.at, r.row.id],
    (r) => view(r.row),
  );
}

export async function markNotificationRead(id: string): Promise<NotificationView> {
  const db = await getDb();
  const [row] = await db.update(notifications).set({ isRead: true }).where(eq(notifications.id, id)).returning();
  if (!row) throw notFound("Notification not found");
  return view(row);
}

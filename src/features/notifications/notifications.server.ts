import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { notifications } from "@/db/schema";
import { notFound } from "@/lib/http/errors";

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

/** Newest first; the list is capped so a busy site stays fast. */
export async function listNotifications(limit = 200): Promise<NotificationView[]> {
  const db = await getDb();
  const rows = await db.select().from(notifications).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit);
  return rows.map(view);
}

export async function markNotificationRead(id: string): Promise<NotificationView> {
  const db = await getDb();
  const [row] = await db.update(notifications).set({ isRead: true }).where(eq(notifications.id, id)).returning();
  if (!row) throw notFound("Notification not found");
  return view(row);
}

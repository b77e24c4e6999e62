import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { emailMessages } from "@/db/schema";

export type OutboxListItem = Pick<typeof emailMessages.$inferSelect, "id" | "to" | "subject" | "kind" | "status" | "createdAt">;

/** The newest e-mails the product sent or stored (the outbox admins read without SMTP). */
export async function listEmails(limit = 200): Promise<OutboxListItem[]> {
  const db = await getDb();
  return db
    .select({ id: emailMessages.id, to: emailMessages.to, subject: emailMessages.subject, kind: emailMessages.kind, status: emailMessages.status, createdAt: emailMessages.createdAt })
    .from(emailMessages)
    .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
    .limit(limit);
}

export async function getEmail(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
  return row ?? null;
}

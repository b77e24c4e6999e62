import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { emailMessages } from "@/db/schema";

/** The outbox rows of one kind of e-mail (`kind`) to the address `to`. */
export async function mailsTo(to: string, kind: string) {
  const db = await getDb();
  return db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.to, to), eq(emailMessages.kind, kind)));
}

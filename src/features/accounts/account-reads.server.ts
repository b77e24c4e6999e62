import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { organization, user } from "@/db/schema";

/**
 * The accounts' and logins' rows for other features (tables have owners,
 * issue 26, ADR 0151). Logins (`user`) belong to auth, which sits above this
 * feature; this feature reads them for those below auth.
 */

/** The login with this e-mail (exactly as stored), if any. */
export async function userByEmail(email: string): Promise<typeof user.$inferSelect | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(user).where(eq(user.email, email)).limit(1);
  return row;
}

/** The business account with this id (deleted or not), if any. */
export async function accountRow(accountId: string): Promise<typeof organization.$inferSelect | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(organization).where(eq(organization.id, accountId)).limit(1);
  return row;
}

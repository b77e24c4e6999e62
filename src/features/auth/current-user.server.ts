import "server-only";
import { eq } from "drizzle-orm";
import { headers as nextHeaders } from "next/headers";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { user as userTable } from "@/db/schema";
import { getAuth } from "./auth.server";
import { effectiveRole, type Role } from "./roles";

export type CurrentUser = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  emailVerified: boolean;
  profileImageUrl: string | null;
  role: Role;
};

/** The signed-in user for these request headers, or null. */
export async function getCurrentUser(requestHeaders?: Headers): Promise<CurrentUser | null> {
  // Read headers first: it marks the page dynamic before anything else runs.
  const hdrs = requestHeaders ?? (await nextHeaders());
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: hdrs });
  if (!session) return null;
  // Read the row itself: the session cache may predate a role or verification change.
  const db = await getDb();
  const [row] = await db.select().from(userTable).where(eq(userTable.id, session.user.id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    emailVerified: row.emailVerified,
    profileImageUrl: row.image,
    role: effectiveRole(row, config().ADMIN_EMAILS),
  };
}

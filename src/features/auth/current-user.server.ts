import "server-only";
import { headers as nextHeaders } from "next/headers";
import { config } from "@/lib/config";
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
  /** The business account this session works in, as the session says (membership is checked by current-account.server.ts). */
  sessionAccountId: string | null;
};

/** The signed-in user for these request headers, or null. */
export async function getCurrentUser(requestHeaders?: Headers): Promise<CurrentUser | null> {
  // Read headers first: it marks the page dynamic before anything else runs.
  const hdrs = requestHeaders ?? (await nextHeaders());
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: hdrs });
  if (!session) return null;
  // The session is read with its user row in one query (no cookie cache), so
  // a role or verification change shows at once.
  const activeOrganizationId = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
  const row = session.user as typeof session.user & { firstName?: string | null; lastName?: string | null; role?: string | null };
  return {
    id: row.id,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    email: row.email,
    emailVerified: row.emailVerified,
    profileImageUrl: row.image ?? null,
    role: effectiveRole(row, config().ADMIN_EMAILS),
    sessionAccountId: activeOrganizationId,
  };
}

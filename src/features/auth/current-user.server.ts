import "server-only";
import { cache } from "react";
import { headers as nextHeaders } from "next/headers";
import { config } from "@/lib/config";
import { signedInByToken, type MembershipRow } from "@/features/accounts/signed-in.server";
import { getAuth } from "./auth.server";
import { effectiveRole, type Role } from "./roles";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, verifiedSessionToken } from "./session-cookie.server";

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
  /** This browser's session (the one /profile marks as current). */
  sessionId: string;
  /** Every membership of the user, read with the session (oldest first): current-account.server.ts chooses from them without another query. */
  memberships: MembershipRow[];
};

/**
 * The signed-in user for these request headers, or null (ADR 0156).
 *
 * The session cookie's signature is checked here with better-auth's own
 * signing, then one statement reads the session, its user and every
 * membership, fresh on every request: no cookie cache, so a session signed
 * out elsewhere, a changed role or a removal from an account shows at the next
 * request. Once a day (better-auth's updateAge) the request goes through
 * better-auth's getSession instead, which extends the session's expiry.
 */
export async function getCurrentUser(requestHeaders?: Headers): Promise<CurrentUser | null> {
  // Read headers first: it marks the page dynamic before anything else runs.
  const hdrs = requestHeaders ?? (await nextHeaders());
  const token = await verifiedSessionToken(hdrs);
  if (!token) return null;
  const row = await signedInByToken(token);
  if (!row) return null;
  if (row.expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= Date.now()) {
    // Due for better-auth's sliding refresh (at most once a day per session).
    await (await getAuth()).api.getSession({ headers: hdrs });
  }
  return {
    id: row.user.id,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    email: row.user.email,
    emailVerified: row.user.emailVerified,
    profileImageUrl: row.user.image,
    role: effectiveRole(row.user, config().ADMIN_EMAILS),
    sessionAccountId: row.activeOrganizationId,
    sessionId: row.sessionId,
    memberships: row.memberships,
  };
}

/**
 * getCurrentUser for the page being rendered, checked once per request: the
 * page's guard and the layout's header seed (SignedInUserSeed) share the
 * answer through React's per-request cache, so the seed costs no statement.
 */
export const currentUserOfPage = cache(() => getCurrentUser());

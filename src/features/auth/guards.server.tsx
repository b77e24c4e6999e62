import "server-only";
import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { currentUserOfPage, type CurrentUser } from "./current-user.server";
import { RedirectToLogin } from "./components/redirect-to-login";
import { AccessDenied } from "./components/access-denied";
import { currentAccount, membershipsOf, type CurrentAccount } from "@/features/accounts/current-account.server";
import { can, missingPermissionMessage, type Permission } from "@/features/accounts/permissions";
import { NoAccessPage } from "@/features/accounts/no-access-page";

/**
 * The page guards (ADR 0140): the one family every signed-in page calls
 * first. Each answers either what the page may use (`ok: true`) or the
 * element the page renders instead (`ok: false`):
 *
 *   const access = await requirePermission("calls.read", { returnTo: "/calls", notice: LOGGED_OUT_NOTICE });
 *   if (!access.ok) return access.element;
 *
 * - signed out: "Redirecting to login..." (optionally a toast first), then
 *   /api/login?returnTo=<the page> after `delayMs`;
 * - requirePortalUser: no business account to act in → "No access" (an
 *   operator admin without an account goes to /admin);
 * - requirePermission: the role lacks the permission → the refusal naming it;
 * - requireAdmin: not an operator admin → "Access Denied".
 * A database too slow for the check answers the busy page like the rest of
 * the page: every page's default export is wrapped in busyOnTimeoutPage.
 * src/features/auth/guards.test.ts fails for a page under app/(portal) or
 * app/admin that does not call one of these.
 */

export type LoginNotice = { title: string; description: string };

/** Where a signed-out visitor goes back to after signing in, and what they are told on the way. */
export type LoginRedirect = {
  /** This page's path (and query), a path of this site. */
  returnTo: string;
  /** A toast shown before the redirect (none for admin pages). */
  notice?: LoginNotice;
  /** How long "Redirecting to login..." stays before the navigation (default 1000 ms). */
  delayMs?: number;
};

/** What the portal's data pages say to a signed-out visitor (the client's 401 handler says the same; spec 8). */
export const LOGGED_OUT_NOTICE: LoginNotice = { title: "Unauthorized", description: "You are logged out. Logging in again..." };

export type Guarded<T> = ({ ok: true } & T) | { ok: false; element: ReactNode };

export type SignedIn = { user: CurrentUser };
export type PortalUser = { user: CurrentUser; account: CurrentAccount };

const loginElement = (login: LoginRedirect) => <RedirectToLogin returnTo={login.returnTo} delayMs={login.delayMs ?? 1000} notice={login.notice} />;

/** Signed in, with or without a business account (/profile, the sandbox's invoice page). */
export async function requireSignedIn(login: LoginRedirect): Promise<Guarded<SignedIn>> {
  const user = await currentUserOfPage();
  if (!user) return { ok: false, element: loginElement(login) };
  return { ok: true, user };
}

/** Signed in and a member of the session's business account (any role). */
export async function requirePortalUser(login: LoginRedirect): Promise<Guarded<PortalUser>> {
  const signedIn = await requireSignedIn(login);
  if (!signedIn.ok) return signedIn;
  const { user } = signedIn;
  const account = await currentAccount(user);
  if (!account) {
    const others = (await membershipsOf(user)).all.filter((a) => a.id !== user.sessionAccountId);
    // An operator admin who belongs to no business account lands on the admin console (issue 23).
    if (user.role === "admin" && others.length === 0) redirect("/admin");
    return { ok: false, element: <NoAccessPage reason={null} otherAccounts={others} /> };
  }
  return { ok: true, user, account };
}

/** A member of the session's business account whose role holds `permission` (src/features/accounts/permissions.ts). */
export async function requirePermission(permission: Permission, login: LoginRedirect): Promise<Guarded<PortalUser>> {
  const member = await requirePortalUser(login);
  if (!member.ok) return member;
  if (!can(member.account.role, permission)) return { ok: false, element: <NoAccessPage reason={missingPermissionMessage(member.account.role, permission)} /> };
  return member;
}

/** An operator admin (the admin console): signed out → the login after 500 ms, no toast; anyone else → "Access Denied". */
export async function requireAdmin(returnTo: string): Promise<Guarded<SignedIn>> {
  const signedIn = await requireSignedIn({ returnTo, delayMs: 500 });
  if (!signedIn.ok) return signedIn;
  if (signedIn.user.role !== "admin") return { ok: false, element: <AccessDenied /> };
  return signedIn;
}

import "server-only";
import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { getCurrentUser, type CurrentUser } from "./current-user.server";
import { RedirectToLogin } from "./components/redirect-to-login";
import { accountsOf, currentAccount, type CurrentAccount } from "@/features/accounts/current-account.server";
import { can, missingPermissionMessage, type Permission } from "@/features/accounts/permissions";
import { NoAccessPage } from "@/features/accounts/no-access-page";

export type PageAccess = { ok: true; user: CurrentUser; account: CurrentAccount } | { ok: false; element: ReactNode };

/**
 * The one check of a signed-in portal page (issue 22): signed in (else the
 * login redirect with `loginNotice`), a member of the session's account
 * (else "No access"), and holding `permission` (else the refusal naming it;
 * null: any member).
 * The page renders `element` when the check fails (`ok: false`).
 */
export async function pageAccess(opts: { returnTo: string; permission: Permission | null; loginNotice: { title: string; description: string }; delayMs?: number }): Promise<PageAccess> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, element: <RedirectToLogin returnTo={opts.returnTo} delayMs={opts.delayMs ?? 1000} notice={opts.loginNotice} /> };
  const account = await currentAccount(user);
  if (!account) {
    const others = (await accountsOf(user.id)).filter((a) => a.id !== user.sessionAccountId);
    // An operator admin who belongs to no business account lands on the admin console (issue 23).
    if (user.role === "admin" && others.length === 0) redirect("/admin");
    return { ok: false, element: <NoAccessPage reason={null} otherAccounts={others} /> };
  }
  if (opts.permission && !can(account.role, opts.permission)) return { ok: false, element: <NoAccessPage reason={missingPermissionMessage(account.role, opts.permission)} /> };
  return { ok: true, user, account };
}

import "server-only";
import { membershipsOf, type CurrentAccount } from "@/features/accounts/current-account.server";
import { can, PERMISSIONS, ROLE_LABELS } from "@/features/accounts/permissions";
import type { AuthUser } from "./use-auth-user";
import type { CurrentUser } from "@/features/auth/current-user.server";

/**
 * What the site header knows of a signed-in user (/api/auth/user without the
 * subscription summary): the profile, the business account the session works
 * in (null: no access), what the member may do there and every account they
 * belong to. Read from the memberships the session check brought: no statement.
 */
export async function authUserOf(user: CurrentUser): Promise<{ view: AuthUser; account: CurrentAccount | null }> {
  const { current: account, all } = await membershipsOf(user);
  const view: AuthUser = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    account: account ? { id: account.id, name: account.name, role: account.role, roleLabel: ROLE_LABELS[account.role] } : null,
    permissions: account ? PERMISSIONS.filter((p) => can(account.role, p)) : [],
    accounts: all,
  };
  return { view, account };
}

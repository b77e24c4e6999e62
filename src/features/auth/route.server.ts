import "server-only";
import { createRoute } from "@/lib/http/route";
import { currentAccount } from "@/features/accounts/current-account.server";
import { can, missingPermissionMessage, type Permission } from "@/features/accounts/permissions";
import { NO_ACCOUNT_MESSAGE } from "@/features/accounts/no-access";
import { getCurrentUser } from "./current-user.server";

/**
 * `route()` for the API route files (app/api/**): src/lib/http/route.ts wraps
 * the handler, auth supplies who is calling and the accounts feature the
 * business account and its permissions (issue 22). `user` in a handler is a
 * CurrentUser; with `{ permission }`, `account` is the CurrentAccount.
 * readJson/readQuery stay in src/lib/http/route.ts.
 */
export const route = createRoute(getCurrentUser, {
  accountOf: currentAccount,
  refusal: (account, permission: Permission) => (can(account.role, permission) ? null : missingPermissionMessage(account.role, permission)),
  noAccountMessage: NO_ACCOUNT_MESSAGE,
});

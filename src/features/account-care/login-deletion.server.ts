import "server-only";
import { APIError } from "better-auth/api";
import { loginDeletionCheck, loginDeletionRefusal } from "@/features/accounts/account-deletion.server";
import { closeBusinessAccount } from "./account-closing.server";

/**
 * better-auth's `user.deleteUser.beforeDelete` (auth.server.ts): the rules
 * our product adds to deleting a login (issue 22, ADR 0109).
 *
 * - The last owner of an account that has other members may not go: the
 *   answer is a 400 naming the account(s), which must first get another
 *   owner or be deleted.
 * - An account the user is the only member of is deleted with the login,
 *   the way its owner would delete it (subscriptions cancelled through the
 *   jobs, invoices kept, calls anonymised).
 * - Other memberships simply end with the login (the member rows cascade).
 */
export async function beforeLoginDeletion(user: { id: string; email: string }): Promise<void> {
  const check = await loginDeletionCheck(user.id);
  const refusal = loginDeletionRefusal(check.blocking);
  if (refusal) throw new APIError("BAD_REQUEST", { message: refusal, code: "LAST_OWNER" });
  for (const account of check.soleMember) await closeBusinessAccount(account.id, { id: user.id, email: user.email });
}

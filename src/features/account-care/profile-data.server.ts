import "server-only";
import { currentAccount } from "@/features/accounts/current-account.server";
import { loginDeletionCheck, loginDeletionRefusal } from "@/features/accounts/account-deletion.server";
import { can } from "@/features/accounts/permissions";
import { hasPassword, listOwnSessions } from "./sessions.server";
import type { SessionView } from "./session-view";

export type ProfileData = {
  sessions: SessionView[];
  hasPassword: boolean;
  /** Why "Delete my login" is refused (null: it is allowed), and the accounts it would delete with the login. */
  deletion: { refusal: string | null; soleAccounts: string[] };
  /** The current business account when the user may delete it (account.delete). */
  deletableAccount: { id: string; name: string } | null;
  /** Dates are shown in the current account's time zone (UTC without one). */
  timeZone: string;
};

/** What /profile shows for the signed-in user. */
export async function profileData(user: { id: string; sessionAccountId: string | null }, currentSessionId: string | null): Promise<ProfileData> {
  const [sessions, password, check, account] = await Promise.all([listOwnSessions(user.id, currentSessionId), hasPassword(user.id), loginDeletionCheck(user.id), currentAccount(user)]);
  return {
    sessions,
    hasPassword: password,
    deletion: { refusal: loginDeletionRefusal(check.blocking), soleAccounts: check.soleMember.map((a) => a.name) },
    deletableAccount: account && can(account.role, "account.delete") ? { id: account.id, name: account.name } : null,
    timeZone: account?.timeZone ?? "UTC",
  };
}

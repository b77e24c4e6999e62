/**
 * A business account as the operator's lists name it (issue 22, ADR 0110): its
 * name, whether it was deleted, and its owner, the oldest member with the role
 * owner (null when it has none left: a deleted account keeps no members).
 */
export type AdminAccountRef = {
  id: string;
  name: string;
  deleted: boolean;
  /** `name` as the console shows it; first and last name as stored, for the subscriptions list's `user`. */
  owner: { name: string; email: string; firstName: string | null; lastName: string | null } | null;
};

/** The account list filter: the `account` query parameter of the admin lists and of /admin. */
export const ACCOUNT_PARAM = "account";

/** A person's name as the console shows it: first and last name, else the sign-up name, else the e-mail. */
export function personName(u: { firstName: string | null; lastName: string | null; name: string | null; email: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(" ") || u.name || u.email;
}

/** /admin on one tab, filtered to one account (no account: the whole list). */
export function adminListHref(tab: "subscriptions" | "ai-ready-orders", accountId: string | null): string {
  const params = new URLSearchParams({ tab });
  if (accountId) params.set(ACCOUNT_PARAM, accountId);
  return `/admin?${params.toString()}`;
}

/** The read-only account page. */
export function adminAccountHref(accountId: string): string {
  return `/admin/accounts/${encodeURIComponent(accountId)}`;
}

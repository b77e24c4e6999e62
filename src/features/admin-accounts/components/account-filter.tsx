"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Badge } from "@/lib/ui/badge";
import { ACCOUNT_PARAM, adminAccountHref, adminListHref, type AdminAccountRef } from "../account-ref";

type ListTab = "subscriptions" | "ai-ready-orders";

const linkClass = "font-medium text-brand-700 underline-offset-4 hover:underline";

/** The account the admin lists are filtered to: the `account` parameter of /admin, or null (ADR 0110). */
export function useAccountFilter(): string | null {
  return useSearchParams()?.get(ACCOUNT_PARAM) || null;
}

/** Above a list filtered to one account: which account, and the way back to all of them. */
export function AccountFilterNote({ tab, accountId, accountName }: { tab: ListTab; accountId: string; accountName: string | null }) {
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-900" role="status" data-testid="account-filter">
      <span>
        Showing one account: <strong>{accountName ?? accountId}</strong>
      </span>
      <Link className={linkClass} href={adminAccountHref(accountId)}>
        Account page
      </Link>
      <Link className={linkClass} href={adminListHref(tab, null)}>
        All accounts
      </Link>
    </p>
  );
}

/**
 * A row's business account and its owner. The name filters the list to that
 * account (a link, so it also opens in a new tab); "Account page" opens the
 * read-only account page. `heading`: the name is the row's h3.
 */
export function AccountCell({ tab, account, heading = false, none = "No account" }: { tab: ListTab; account: AdminAccountRef | null; heading?: boolean; none?: string }) {
  if (!account) return <span className="text-slate-700">{none}</span>;
  const name = (
    <>
      <Link className={linkClass} href={adminListHref(tab, account.id)}>
        {account.name}
        <span className="sr-only"> (show only this account)</span>
      </Link>
      {account.deleted ? <Badge variant="grey">Deleted</Badge> : null}
    </>
  );
  return (
    <span className="block" data-testid="account-cell">
      {heading ? <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">{name}</h3> : <span className="flex flex-wrap items-center gap-2">{name}</span>}
      <span className="block text-slate-700">
        {account.owner ? (
          <>
            Owner: {account.owner.name} <span className="break-all">({account.owner.email})</span>
          </>
        ) : (
          "No owner"
        )}
      </span>
      <Link className={`${linkClass} text-xs`} href={adminAccountHref(account.id)} aria-label={`Account page of ${account.name}`}>
        Account page
      </Link>
    </span>
  );
}

import Link from "next/link";
import { NO_ACCOUNT_MESSAGE } from "./no-access";
import { SwitchAccountButton } from "./switch-account-button";
import { CreateAccountForm } from "./create-account-form";

/**
 * What a signed-in page shows when the caller may not see it (issue 22):
 * - no account to act in (removed from it, or never invited): "No access",
 *   with the other accounts they belong to, if any, to switch to;
 * - an account whose role lacks the page's permission: the refusal naming it.
 */
export function NoAccessPage({ reason, otherAccounts = [] }: { reason: string | null; otherAccounts?: Array<{ id: string; name: string }> }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="no-access">
      <p className="text-sm font-semibold text-brand-700">No access</p>
      <h1 className="mt-2 text-3xl font-bold">You do not have access to this page</h1>
      <p className="mt-4 text-slate-700">{reason ?? NO_ACCOUNT_MESSAGE}</p>
      {otherAccounts.length > 0 ? (
        <div className="mt-6 w-full">
          <h2 className="text-base font-semibold">Your other business accounts</h2>
          <ul className="mt-3 space-y-2">
            {otherAccounts.map((a) => (
              <li key={a.id}>
                <SwitchAccountButton accountId={a.id} name={a.name} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {reason ? null : <CreateAccountForm />}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {reason ? (
          <Link href="/dashboard" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Go to the dashboard
          </Link>
        ) : null}
        <Link href="/logout" className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
          Sign out
        </Link>
      </div>
    </section>
  );
}

import Link from "next/link";
import { formatDate, formatDateTime } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { Field } from "@/lib/ui/field";
import { ROLE_LABELS, isAccountRole } from "@/features/accounts/permissions";
import { adminListHref } from "../account-ref";
import type { AdminAccountView } from "../admin-account.server";

/** A role as the product names it (ROLE_LABELS: "owner" -> "Owner"); an unknown role as stored. */
export function roleLabel(role: string): string {
  return isAccountRole(role) ? ROLE_LABELS[role] : role;
}

const linkClass = "font-medium text-brand-700 underline-offset-4 hover:underline";
const thClass = "px-4 py-2";
const tdClass = "px-4 py-3";

/**
 * The operator's read-only view of one business account (issue 22, ADR 0110):
 * details, members, pending invitations and links to the account's rows in the
 * admin lists. It offers no edit and no impersonation: support reads, the
 * account's owners act.
 */
export function AccountView({ account: a }: { account: AdminAccountView }) {
  return (
    <div className="mt-2" data-testid="admin-account">
      <p className="max-w-3xl text-slate-700">Business account, read-only. Changes are made by the account&apos;s owners and managers.</p>
      {a.deletedAt ? (
        <p className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900" role="note">
          This account was deleted on {formatDateTime(a.deletedAt)} (UTC).
        </p>
      ) : null}
      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Account ID" value={<code className="break-all text-xs">{a.id}</code>} />
        <Field label="Created" value={formatDate(a.createdAt)} />
        <Field label="Billing e-mail" value={a.billingEmail ?? "The owners' addresses"} />
        <Field label="Time zone" value={a.timeZone} />
        {a.deletedAt ? <Field label="Deleted" value={formatDate(a.deletedAt)} /> : null}
      </dl>
      <nav aria-label="This account in the admin lists" className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link className={linkClass} href={adminListHref("subscriptions", a.id)}>
          Subscriptions ({a.subscriptionCount})
        </Link>
        <Link className={linkClass} href={adminListHref("ai-ready-orders", a.id)}>
          AI-ready orders ({a.orderCount})
        </Link>
      </nav>

      <h2 className="mt-10 text-xl font-semibold">Members</h2>
      {a.members.length === 0 ? (
        <p className="mt-3 text-slate-700">No members.</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={`Members of ${a.name}`}>
          <table className="w-full min-w-[640px] text-left text-sm" data-testid="admin-account-members">
            <caption className="sr-only">Members of {a.name}, oldest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className={thClass}>
                  Name
                </th>
                <th scope="col" className={thClass}>
                  E-mail
                </th>
                <th scope="col" className={thClass}>
                  Role
                </th>
                <th scope="col" className={thClass}>
                  Joined
                </th>
              </tr>
            </thead>
            <tbody>
              {a.members.map((m) => (
                <tr key={m.userId} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className={`${tdClass} font-medium`}>
                    {m.name}
                  </th>
                  <td className={`${tdClass} break-all`}>{m.email}</td>
                  <td className={tdClass}>{roleLabel(m.role)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDate(m.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 className="mt-10 text-xl font-semibold">Pending invitations</h2>
      {a.invitations.length === 0 ? (
        <p className="mt-3 text-slate-700">No pending invitations.</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={`Pending invitations to ${a.name}`}>
          <table className="w-full min-w-[640px] text-left text-sm" data-testid="admin-account-invitations">
            <caption className="sr-only">Pending invitations to {a.name}, soonest to expire first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className={thClass}>
                  E-mail
                </th>
                <th scope="col" className={thClass}>
                  Role
                </th>
                <th scope="col" className={thClass}>
                  Invited by
                </th>
                <th scope="col" className={thClass}>
                  Expires (UTC)
                </th>
              </tr>
            </thead>
            <tbody>
              {a.invitations.map((i) => (
                <tr key={i.id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className={`${tdClass} break-all font-medium`}>
                    {i.email}
                  </th>
                  <td className={tdClass}>{roleLabel(i.role)}</td>
                  <td className={tdClass}>
                    {i.invitedBy ? (
                      <>
                        {i.invitedBy.name}
                        <span className="block break-all text-xs text-slate-600">{i.invitedBy.email}</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <time dateTime={i.expiresAt}>{formatDateTime(i.expiresAt)}</time>
                    {i.expired ? (
                      <Badge variant="grey" className="ml-2">
                        Expired
                      </Badge>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

import Link from "next/link";
import { formatDate, formatDateTime } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { AdminTable } from "@/lib/ui/admin-table";
import { Field } from "@/lib/ui/field";
import { ROLE_LABELS, isAccountRole } from "@/features/accounts/permissions";
import { adminListHref } from "../account-ref";
import type { AdminAccountView } from "../admin-account.server";

/** A role as the product names it (ROLE_LABELS: "owner" -> "Owner"); an unknown role as stored. */
export function roleLabel(role: string): string {
  return isAccountRole(role) ? ROLE_LABELS[role] : role;
}

const linkClass = "font-medium text-brand-700 underline-offset-4 hover:underline";
const tdClass = "px-4 py-3";
/** Both tables: below their heading, wide enough for four columns (narrow screens scroll them). */
const TABLE = { minWidth: "min-w-[640px]", className: "relative mt-3", emptyClassName: "mt-3" } as const;

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
      <AdminTable
        caption={`Members of ${a.name}, oldest first`}
        columns={["Name", "E-mail", "Role", "Joined"]}
        count={a.members.length}
        empty="No members."
        regionLabel={`Members of ${a.name}`}
        testId="admin-account-members"
        {...TABLE}
      >
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
      </AdminTable>

      <h2 className="mt-10 text-xl font-semibold">Pending invitations</h2>
      <AdminTable
        caption={`Pending invitations to ${a.name}, soonest to expire first`}
        columns={["E-mail", "Role", "Invited by", "Expires (UTC)"]}
        count={a.invitations.length}
        empty="No pending invitations."
        regionLabel={`Pending invitations to ${a.name}`}
        testId="admin-account-invitations"
        {...TABLE}
      >
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
      </AdminTable>
    </div>
  );
}

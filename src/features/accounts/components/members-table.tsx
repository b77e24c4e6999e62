"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { SubmitButton } from "@/lib/ui/button";
import { Options, Select } from "@/lib/ui/input";
import { ROLE_LABELS, isAccountRole } from "../permissions";
import { orgPost } from "./org-api";
import { Notice, type NoticeValue } from "./notice";
import { LeaveAccountButton, RemoveMemberButton, TransferOwnershipButton } from "./member-dialogs";
import { assignableRoles, isLastOwner, mayChange, OWNER_ROLE, type MemberView, type Viewer } from "./members-model";
import { StackedTableHead } from "@/lib/ui/stacked-table-head";

/**
 * The Members section's table (issue 22): every member sees who is in the
 * account; with members.manage a row has its role picker and Remove, an
 * owner can transfer ownership, and everyone can leave (but the last owner).
 * On a phone each row becomes a block with its labels shown.
 */
export function MembersTable({ accountId, accountName, members, viewer }: { accountId: string; accountName: string; members: MemberView[]; viewer: Viewer }) {
  const router = useRouter();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const me = members.find((m) => m.isYou);
  const done = (text: string) => {
    setNotice({ kind: "ok", text });
    router.refresh();
  };
  const failed = (text: string) => setNotice({ kind: "error", text });

  return (
    <div>
      <Notice notice={notice} className="mb-3" />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Members of {accountName}</caption>
        <StackedTableHead columns={["Name", "E-mail", "Role", "Joined", { hidden: "Actions" }]} />
        <tbody>
          {members.map((m) => (
            <tr key={m.id} className="block border-b border-slate-200 py-3 md:table-row md:py-0" data-testid="member-row">
              <td className="block py-0.5 font-medium md:table-cell md:py-3 md:pr-4">
                {m.name}
                {m.isYou ? <span className="ml-1 font-normal text-slate-600">(you)</span> : null}
              </td>
              <td className="block break-all py-0.5 text-slate-700 md:table-cell md:py-3 md:pr-4">{m.email}</td>
              <td className="block py-1 md:table-cell md:py-3 md:pr-4">
                <RoleCell accountId={accountId} member={m} viewer={viewer} onDone={done} onError={failed} />
              </td>
              <td className="block py-0.5 text-slate-700 md:table-cell md:py-3 md:pr-4">
                <span className="md:hidden" aria-hidden>
                  Joined{" "}
                </span>
                {m.joined}
              </td>
              <td className="block py-1 md:table-cell md:py-3">
                <div className="flex flex-wrap gap-2 md:justify-end">
                  {m.isYou ? (
                    isLastOwner(viewer) ? null : (
                      <LeaveAccountButton accountId={accountId} accountName={accountName} />
                    )
                  ) : (
                    <>
                      {viewer.isOwner && me && m.role !== OWNER_ROLE ? <TransferOwnershipButton accountId={accountId} member={m} me={me} onDone={done} /> : null}
                      {mayChange(viewer, m) ? <RemoveMemberButton accountId={accountId} member={m} onDone={done} /> : null}
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {isLastOwner(viewer) ? (
        <p className="mt-3 text-sm text-slate-600">You are the account&apos;s only owner, so you cannot leave it or change your own role. Transfer ownership to another member first.</p>
      ) : null}
    </div>
  );
}

/** A member's role: a picker and Save for those the viewer may change, else the role's name. */
function RoleCell({ accountId, member, viewer, onDone, onError }: { accountId: string; member: MemberView; viewer: Viewer; onDone: (t: string) => void; onError: (t: string) => void }) {
  const [role, setRole] = useState(member.role);
  const [busy, setBusy] = useState(false);
  const editable = mayChange(viewer, member) && !(member.isYou && isLastOwner(viewer));
  if (!editable) {
    return (
      <span>
        <span className="md:hidden" aria-hidden>
          Role:{" "}
        </span>
        {member.roleLabel}
      </span>
    );
  }
  const options = assignableRoles(viewer);
  const id = `role-${member.id}`;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (role === member.role) return;
    setBusy(true);
    const res = await orgPost("update-member-role", { memberId: member.id, role, organizationId: accountId });
    setBusy(false);
    if (!res.ok) {
      setRole(member.role);
      return onError(res.message);
    }
    onDone(`${member.name} is now ${isAccountRole(role) ? ROLE_LABELS[role] : role}.`);
  };
  return (
    <form onSubmit={save} className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {member.name}
      </label>
      <Select id={id} value={role} onChange={(e) => setRole(e.target.value)} className="h-9 w-auto min-w-28" disabled={busy}>
        <Options options={options} label={(r) => ROLE_LABELS[r]} />
      </Select>
      {role !== member.role ? (
        <SubmitButton size="sm" busy={busy} busyLabel="Saving...">
          Save
        </SubmitButton>
      ) : null}
    </form>
  );
}

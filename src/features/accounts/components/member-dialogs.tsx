"use client";
import { useState } from "react";
import { ConfirmDialog, useConfirmState } from "@/lib/ui/confirm-dialog";
import { ROLE_LABELS } from "../permissions";
import { orgPost } from "./org-api";
import { OWNER_ROLE, type MemberView } from "./members-model";

type Done = (message: string) => void;

/** "Remove" on a member's row, confirmed in a dialog; the plugin refuses removing the last owner. */
export function RemoveMemberButton({ accountId, member, onDone }: { accountId: string; member: MemberView; onDone: Done }) {
  const confirm = useConfirmState();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    confirm.setError(null);
    const res = await orgPost("remove-member", { memberIdOrEmail: member.id, organizationId: accountId });
    setBusy(false);
    if (!res.ok) return confirm.setError(res.message);
    confirm.close();
    onDone(`${member.name} was removed from the account.`);
  };
  return (
    <ConfirmDialog
      {...confirm.props}
      trigger="Remove"
      triggerProps={{ size: "sm", "aria-label": `Remove ${member.name}` }}
      title={`Remove ${member.name}?`}
      description={`${member.email} loses access to this account at once, including any page they have open. You can invite them again later.`}
      cancel="Keep as it is"
      confirm="Remove member"
      busyLabel="Removing..."
      busy={busy}
      onConfirm={() => void submit()}
      destructive
    />
  );
}

/**
 * "Make owner" (transfer ownership): the owner makes another member an
 * owner and, unless they untick it, then steps down to manager. Two calls
 * in this order, so the account is never without an owner.
 */
export function TransferOwnershipButton({ accountId, member, me, onDone }: { accountId: string; member: MemberView; me: MemberView; onDone: Done }) {
  const confirm = useConfirmState();
  const [stepDown, setStepDown] = useState(true);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    confirm.setError(null);
    const made = await orgPost("update-member-role", { memberId: member.id, role: OWNER_ROLE, organizationId: accountId });
    if (!made.ok) {
      setBusy(false);
      return confirm.setError(made.message);
    }
    if (stepDown) {
      const stepped = await orgPost("update-member-role", { memberId: me.id, role: "manager", organizationId: accountId });
      if (!stepped.ok) {
        setBusy(false);
        confirm.close();
        return onDone(`${member.name} is now an owner, but your own role could not be changed: ${stepped.message}`);
      }
    }
    setBusy(false);
    confirm.close();
    onDone(stepDown ? `${member.name} is now an owner, and you are a ${ROLE_LABELS.manager}.` : `${member.name} is now an owner.`);
  };
  return (
    <ConfirmDialog
      {...confirm.props}
      trigger="Transfer ownership"
      triggerProps={{ size: "sm", "aria-label": `Transfer ownership to ${member.name}` }}
      title={`Transfer ownership to ${member.name}?`}
      description={`${member.name} becomes an owner: everything, including billing and deleting the account. An account always keeps at least one owner.`}
      cancel="Keep as it is"
      confirm="Transfer ownership"
      busyLabel="Transferring..."
      busy={busy}
      onConfirm={() => void submit()}
    >
      <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4" checked={stepDown} onChange={(e) => setStepDown(e.target.checked)} />
        <span>Then make me a {ROLE_LABELS.manager} (everything but billing and deleting the account)</span>
      </label>
    </ConfirmDialog>
  );
}

/** "Leave" on the viewer's own row; the plugin refuses it to the last owner. */
export function LeaveAccountButton({ accountId, accountName }: { accountId: string; accountName: string }) {
  const confirm = useConfirmState();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    confirm.setError(null);
    const res = await orgPost(
      "leave",
      { organizationId: accountId },
      {
        YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: "You are the account's only owner. Make another member an owner before you leave.",
      },
    );
    if (!res.ok) {
      setBusy(false);
      return confirm.setError(res.message);
    }
    // A full load: the user is no longer in this account, nothing of its pages may stay.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/dashboard");
  };
  return (
    <ConfirmDialog
      {...confirm.props}
      trigger="Leave account"
      triggerProps={{ size: "sm" }}
      title={`Leave ${accountName}?`}
      description="You lose access to this account at once. To come back, an owner or manager must invite you again."
      cancel="Keep as it is"
      confirm="Leave account"
      busyLabel="Leaving..."
      busy={busy}
      onConfirm={() => void submit()}
      destructive
    />
  );
}

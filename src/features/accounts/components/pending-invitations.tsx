"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { orgPost } from "./org-api";
import { Notice, type NoticeValue } from "./notice";
import { visibleInvitations, type InvitationView } from "./members-model";

/**
 * Invitations waiting for an answer, with Resend (throttled to once a
 * minute: the server's 429 says how long to wait) and Cancel. An expired
 * one is sent again as a new invitation.
 */
export function PendingInvitations({ accountId, invitations }: { accountId: string; invitations: InvitationView[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const shown = visibleInvitations(invitations);

  const act = async (key: string, call: () => ReturnType<typeof orgPost>, ok: string) => {
    setBusy(key);
    setNotice(null);
    const res = await call();
    setBusy(null);
    if (!res.ok) return setNotice({ kind: "error", text: res.message });
    setNotice({ kind: "ok", text: ok });
    router.refresh();
  };
  const resend = (i: InvitationView) =>
    act(
      `resend-${i.id}`,
      // An expired invitation is no longer pending to better-auth: a new one is made.
      () => orgPost("invite-member", { email: i.email, role: i.role, organizationId: accountId, ...(i.expired ? {} : { resend: true }) }),
      `The invitation was sent to ${i.email} again. Its link works for 7 days from now.`,
    );
  const cancel = (i: InvitationView) => act(`cancel-${i.id}`, () => orgPost("cancel-invitation", { invitationId: i.id }), `The invitation to ${i.email} was cancelled; its link no longer works.`);

  return (
    <div>
      <h3 className="text-base font-semibold">Pending invitations</h3>
      <Notice notice={notice} className="mt-2" />
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No invitations are waiting for an answer.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
          {shown.map((i) => (
            <li key={i.id} className="flex flex-col gap-2 py-3 md:flex-row md:items-center md:justify-between" data-testid="invitation-row">
              <div className="text-sm">
                <p className="break-all font-medium">
                  {i.email} <span className="font-normal text-slate-700">as {i.roleLabel}</span> {i.expired ? <Badge variant="amber">Expired</Badge> : null}
                </p>
                <p className="text-slate-600">
                  Sent {i.sentOn} · {i.expired ? `expired ${i.expiresOn}` : `expires ${i.expiresOn}`}
                </p>
              </div>
              <div className="flex gap-2">
                <Button type="button" size="sm" variant="outline" disabled={busy !== null} onClick={() => resend(i)} aria-label={`Resend the invitation to ${i.email}`}>
                  {busy === `resend-${i.id}` ? "Sending..." : "Resend"}
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={busy !== null} onClick={() => cancel(i)} aria-label={`Cancel the invitation to ${i.email}`}>
                  {busy === `cancel-${i.id}` ? "Cancelling..." : "Cancel"}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

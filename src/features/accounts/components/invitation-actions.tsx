"use client";
import { useState } from "react";
import { Button } from "@/lib/ui/button";
import { orgPost } from "./org-api";
import { Notice, type NoticeValue } from "./notice";

/**
 * Accept / Decline on /invitations/[id]. Accepting joins the account
 * (better-auth's accept-invitation), makes it the session's account
 * (set-active) and opens the dashboard; declining reloads the page, which
 * then says the invitation was declined.
 */
export function InvitationActions({ invitationId, organizationId, accountName }: { invitationId: string; organizationId: string; accountName: string }) {
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);

  const accept = async () => {
    setBusy("accept");
    setNotice(null);
    const joined = await orgPost("accept-invitation", { invitationId });
    if (!joined.ok) {
      setBusy(null);
      return setNotice({ kind: "error", text: joined.message });
    }
    const active = await orgPost("set-active", { organizationId });
    if (!active.ok) {
      setBusy(null);
      return setNotice({ kind: "error", text: `You joined ${accountName}, but it could not be opened: ${active.message} Reload the page or open the dashboard.` });
    }
    // A full load: the session's account changed, nothing of the previous page may stay.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/dashboard");
  };
  const decline = async () => {
    setBusy("decline");
    setNotice(null);
    const res = await orgPost("reject-invitation", { invitationId });
    if (!res.ok) {
      setBusy(null);
      return setNotice({ kind: "error", text: res.message });
    }
    window.location.reload();
  };

  return (
    <div className="mt-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button type="button" size="lg" onClick={accept} disabled={busy !== null}>
          {busy === "accept" ? "Joining..." : "Accept"}
        </Button>
        <Button type="button" size="lg" variant="outline" onClick={decline} disabled={busy !== null}>
          {busy === "decline" ? "Declining..." : "Decline"}
        </Button>
      </div>
      <Notice notice={notice} className="mt-4" />
    </div>
  );
}

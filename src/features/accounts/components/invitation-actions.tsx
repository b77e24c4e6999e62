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

  /** Runs one of the two: busy meanwhile; a problem it gives back ends that and shows. On success the page is left. */
  const run = async (which: "accept" | "decline", action: () => Promise<string | null>) => {
    setBusy(which);
    setNotice(null);
    const problem = await action();
    if (problem === null) return;
    setBusy(null);
    setNotice({ kind: "error", text: problem });
  };
  const accept = () =>
    run("accept", async () => {
      const joined = await orgPost("accept-invitation", { invitationId });
      if (!joined.ok) return joined.message;
      const active = await orgPost("set-active", { organizationId });
      if (!active.ok) return `You joined ${accountName}, but it could not be opened: ${active.message} Reload the page or open the dashboard.`;
      // A full load: the session's account changed, nothing of the previous page may stay.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/dashboard");
      return null;
    });
  const decline = () =>
    run("decline", async () => {
      const res = await orgPost("reject-invitation", { invitationId });
      if (!res.ok) return res.message;
      window.location.reload();
      return null;
    });

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

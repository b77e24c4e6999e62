"use client";

import { BusyButton } from "@/lib/ui/button";
import { useRefreshingAction } from "@/lib/ui/use-refreshing-action";
import { apiRequest } from "@/lib/api-client";

/** /admin/spam-reports: Approve (credit the units) or Decline (they stay counted) one pending report, then reload the list. */
export function SpamReviewActions({ id, label }: { id: string; label: string }) {
  const { busy, run } = useRefreshingAction();
  const decide = (decision: "approve" | "decline") =>
    run({
      key: decision,
      send: () => apiRequest("POST", `/api/admin/spam-reports/${encodeURIComponent(id)}/${decision}`, {}),
      done: {
        title: decision === "approve" ? "Spam report approved" : "Spam report declined",
        description: decision === "approve" ? `${label}: the units are credited.` : `${label}: the units stay counted.`,
      },
      failed: { title: "Decision not saved", fallback: "The spam report could not be updated." },
    });
  return (
    <div className="flex flex-wrap gap-2">
      <BusyButton size="sm" onClick={() => decide("approve")} busy={busy === "approve"} busyLabel="Approving..." disabled={busy !== null} aria-label={`Approve ${label}`}>
        Approve
      </BusyButton>
      <BusyButton variant="outline" size="sm" onClick={() => decide("decline")} busy={busy === "decline"} busyLabel="Declining..." disabled={busy !== null} aria-label={`Decline ${label}`}>
        Decline
      </BusyButton>
    </div>
  );
}

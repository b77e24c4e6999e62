"use client";

import { BusyButton } from "@/lib/ui/button";
import { useRefreshingAction } from "@/lib/ui/use-refreshing-action";
import { apiRequest } from "@/lib/api-client";

/** /admin/jobs: sends one dead job back to its queue, then reloads the list. */
export function RetryJobButton({ jobId, label }: { jobId: string; label: string }) {
  const { busy, run } = useRefreshingAction();
  const retry = () =>
    run({
      send: () => apiRequest("POST", `/api/admin/jobs/${encodeURIComponent(jobId)}/retry`, {}),
      done: { title: "Job queued again", description: `${label} will run again with fresh attempts.` },
      failed: { title: "Retry failed", fallback: "The job could not be queued again." },
    });
  return (
    <BusyButton variant="outline" size="sm" onClick={retry} busy={busy !== null} busyLabel="Retrying..." aria-label={`Retry ${label}`}>
      Retry
    </BusyButton>
  );
}

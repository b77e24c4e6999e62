"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/lib/ui/button";
import { toast } from "@/lib/ui/toaster";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** /admin/jobs: sends one dead job back to its queue, then reloads the list. */
export function RetryJobButton({ jobId, label }: { jobId: string; label: string }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  async function retry() {
    setBusy(true);
    try {
      await apiRequest("POST", `/api/admin/jobs/${encodeURIComponent(jobId)}/retry`, {});
      toast({ title: "Job queued again", description: `${label} will run again with fresh attempts.` });
      router.refresh();
    } catch (error) {
      toast({ title: "Retry failed", description: errorMessage(error, "The job could not be queued again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={retry} disabled={busy} aria-label={`Retry ${label}`}>
      {busy ? "Retrying..." : "Retry"}
    </Button>
  );
}

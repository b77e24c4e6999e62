"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/lib/ui/button";
import { toast } from "@/lib/ui/toaster";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** /admin/spam-reports: Approve (credit the units) or Decline (they stay counted) one pending report, then reload the list. */
export function SpamReviewActions({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState<"approve" | "decline" | null>(null);
  async function decide(decision: "approve" | "decline") {
    setBusy(decision);
    try {
      await apiRequest("POST", `/api/admin/spam-reports/${encodeURIComponent(id)}/${decision}`, {});
      toast({
        title: decision === "approve" ? "Spam report approved" : "Spam report declined",
        description: decision === "approve" ? `${label}: the units are credited.` : `${label}: the units stay counted.`,
      });
      router.refresh();
    } catch (error) {
      toast({ title: "Decision not saved", description: errorMessage(error, "The spam report could not be updated."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" size="sm" onClick={() => decide("approve")} disabled={busy !== null} aria-label={`Approve ${label}`}>
        {busy === "approve" ? "Approving..." : "Approve"}
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={() => decide("decline")} disabled={busy !== null} aria-label={`Decline ${label}`}>
        {busy === "decline" ? "Declining..." : "Decline"}
      </Button>
    </div>
  );
}

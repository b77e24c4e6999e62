"use client";
import * as React from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiPath, errorMessage } from "@/lib/api-client";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/lib/ui/dialog";
import { formatUnitCount, type InteractionDetail } from "../interaction-view";

/**
 * "Report as spam" on a call the customer may report (spec 9): asks first,
 * then credits the call's units (or, past the month's self-service credit,
 * sends it for review); `onReported` gets the updated record, and
 * the call log's and the dashboard's cached reads are read again.
 */
export function ReportSpamButton({ id, units, onReported }: { id: string; units: number; onReported: (updated: InteractionDetail) => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = React.useState(false);
  const report = useMutation({
    mutationFn: () => api.post<InteractionDetail>(apiPath`/api/interactions/${id}/report-spam`),
    meta: { unauthorized: { ...LOGGED_OUT, returnTo: `/calls/${encodeURIComponent(id)}` } },
    onSuccess: (updated) => {
      setOpen(false);
      // The call log, and the dashboard's units and Recent Activity, count the credit.
      for (const key of ["/api/interactions", "/api/auth/user", "/api/activity"]) void queryClient.invalidateQueries({ queryKey: [key] });
      onReported(updated);
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Report as spam
      </Button>
      <DialogContent>
        <DialogTitle>Report this call as spam?</DialogTitle>
        <DialogDescription>
          Its {formatUnitCount(units)} will be credited and the call will no longer count towards this month&apos;s usage. Reports beyond 10% of your plan&apos;s included units in a month are reviewed
          by our team before they are credited. This cannot be undone.
        </DialogDescription>
        {report.error ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(report.error, "The call could not be reported. Please try again.")}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => report.mutate()} disabled={report.isPending}>
            {report.isPending ? "Reporting..." : "Report as spam"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

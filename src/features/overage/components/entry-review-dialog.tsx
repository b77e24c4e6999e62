"use client";

import { Button } from "@/lib/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/lib/ui/dialog";
import type { OverageEntryView } from "../overage.schema";
import { formatDate } from "@/features/usage/components/admin-client";
import { LineItemsTable } from "./line-items-table";

/** The review step before submitting an entry: its period, timing and line items. */
export function EntryReviewDialog({
  open,
  onOpenChange,
  email,
  label,
  entry,
  submitting,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  /** The subscription's name: AI employee, plan, start date. */
  label: string;
  entry: OverageEntryView;
  submitting: boolean;
  onSubmit: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Review overage charges</DialogTitle>
        <DialogDescription>
          {label} · {email} · {formatDate(entry.periodStart)} – {formatDate(entry.periodEnd)} ·{" "}
          {entry.billNow ? "An invoice is created and finalized now." : "The charges are added to the next invoice."}
        </DialogDescription>
        <div className="mt-4">
          <LineItemsTable entry={entry} />
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Back</Button>
          </DialogClose>
          <Button onClick={onSubmit} disabled={submitting}>
            {submitting ? "Submitting..." : entry.billNow ? "Submit and Bill Now" : "Submit to Next Invoice"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

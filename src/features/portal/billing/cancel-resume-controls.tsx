"use client";
import * as React from "react";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { Dialog as D } from "radix-ui";
import { Button } from "@/lib/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/lib/ui/dialog";
import { Label, Textarea } from "@/lib/ui/input";
import { cancelDate, formatDate } from "../format";
import { useCancelSubscription, useResumeSubscription } from "./use-portal-actions";

/**
 * 'Cancel Subscription' (issue 23): opens a confirmation that states the end
 * date and what stops then, with an optional reason kept for the operator's
 * churn figures; 'Cancel subscription' confirms.
 */
export function CancelSubscriptionButton({ sub }: { sub: CustomerSubscription }) {
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState("");
  const cancel = useCancelSubscription();
  const end = formatDate(cancelDate(sub)) || "the end of the current billing period";
  const reasonId = React.useId();
  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      {/* The trigger gets the focus back when the dialog closes. */}
      <D.Trigger asChild>
        <Button variant="destructive" disabled={cancel.isPending}>
          {cancel.isPending ? "Cancelling..." : "Cancel Subscription"}
        </Button>
      </D.Trigger>
      <DialogContent role="alertdialog" aria-describedby={`${reasonId}-what`}>
        <DialogTitle>Cancel your {sub.plan.name} plan?</DialogTitle>
        <DialogDescription id={`${reasonId}-what`}>
          Your subscription ends on {end}. Until then everything keeps working. From then on your AI employee stops answering calls and messages, and nothing more is charged. You can resume the
          subscription until {end}.
        </DialogDescription>
        <form
          className="mt-4 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate({ subscriptionId: sub.id, reason }, { onSuccess: () => setOpen(false) });
          }}
        >
          <Label htmlFor={reasonId}>Reason (optional)</Label>
          <Textarea id={reasonId} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep subscription
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Cancel subscription"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Resume subscription': offered while a subscription is cancelling, until its period ends. */
export function ResumeSubscriptionButton({ sub }: { sub: CustomerSubscription }) {
  const resume = useResumeSubscription();
  return (
    <Button onClick={() => resume.mutate(sub.id)} disabled={resume.isPending}>
      {resume.isPending ? "Resuming..." : "Resume subscription"}
    </Button>
  );
}

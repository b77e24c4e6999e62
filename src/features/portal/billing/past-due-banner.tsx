"use client";
import { useId } from "react";
import { AlertTriangle, CreditCard } from "lucide-react";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { Button } from "@/lib/ui/button";
import { pastDueSubscriptions, planNames } from "../format";
import { usePortalSession } from "./use-portal-actions";

/**
 * The /billing banner while a subscription is past due: its last payment
 * failed. 'Update payment method' opens the customer portal (the same portal
 * session as 'Portal Dashboard'). Nothing shows once every subscription has
 * recovered (ADR 0088).
 */
export function PastDueBanner({ subscriptions }: { subscriptions: CustomerSubscription[] | undefined }) {
  const portal = usePortalSession();
  const hintId = useId();
  const pastDue = pastDueSubscriptions(subscriptions);
  if (pastDue.length === 0) return null;
  return (
    <div role="alert" className="mt-6 flex flex-wrap items-start gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-950" data-testid="past-due-banner">
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
      {/* At least 16rem of text: on a phone the button wraps below it instead of squeezing it. */}
      <div className="min-w-0 flex-1 basis-64">
        <p className="font-semibold">Payment Past Due</p>
        <p>The last payment for {planNames(pastDue)} failed. Update your payment method to keep your AI employee running.</p>
      </div>
      <Button onClick={portal.open} disabled={portal.opening} aria-describedby={hintId} className="w-full sm:w-auto">
        <CreditCard aria-hidden />
        {portal.opening ? "Opening..." : "Update payment method"}
      </Button>
      <span id={hintId} className="sr-only">
        Opens the customer portal in a new tab.
      </span>
    </div>
  );
}

"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { BusyButton, Button } from "@/lib/ui/button";
import { toast } from "@/lib/ui/toaster";
import { useRefreshingAction } from "@/lib/ui/use-refreshing-action";
import { apiPath, apiRequest, errorMessage } from "@/lib/api-client";
import { PaymentSetupForm } from "../payment-form/payment-setup-form";

/** Sandbox portal: replace the card on file through a new setup intent. */
export function UpdateCardPanel({ hasCard }: { hasCard: boolean }) {
  const router = useRouter();
  const [clientSecret, setClientSecret] = React.useState<string | null>(null);
  const [loading, setLoading] = React.useState(false);

  async function start() {
    setLoading(true);
    try {
      const res = await apiRequest("POST", "/api/create-setup-intent", {});
      const body = (await res.json()) as { clientSecret?: string };
      if (!body.clientSecret) throw new Error("No client secret received");
      setClientSecret(body.clientSecret);
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Failed to create setup intent"), variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }

  if (!clientSecret) {
    return (
      <Button type="button" variant="outline" onClick={start} disabled={loading}>
        {loading ? "Opening..." : hasCard ? "Update card" : "Add card"}
      </Button>
    );
  }
  return (
    <PaymentSetupForm
      clientSecret={clientSecret}
      publishableKey={null}
      returnUrl="/sandbox/portal"
      submitLabel="Save card"
      busyLabel="Saving..."
      onSuccess={() => {
        toast({ title: "Card updated", description: "The new card will be used for future invoices." });
        setClientSecret(null);
        router.refresh();
      }}
      onError={(message) => toast({ title: "Payment Setup Failed", description: message ?? "Failed to save payment method.", variant: "destructive" })}
      secondary={
        <Button type="button" variant="ghost" onClick={() => setClientSecret(null)}>
          Cancel
        </Button>
      }
    />
  );
}

/** Sandbox portal: cancel a subscription at the end of its period. */
export function CancelAtPeriodEndButton({ subscriptionId, planName }: { subscriptionId: string; planName: string }) {
  const { busy, run } = useRefreshingAction();
  const cancel = () =>
    run({
      send: () => apiRequest("POST", "/api/cancel-subscription", { subscriptionId }),
      done: { title: "Subscription Cancelled", description: "Your subscription will be cancelled at the end of the current billing period." },
      failed: { title: "Error", fallback: "Failed to cancel subscription" },
    });
  return (
    <BusyButton variant="destructive" size="sm" onClick={cancel} busy={busy !== null} busyLabel="Cancelling..." aria-label={`Cancel at period end: ${planName} plan`}>
      Cancel at period end
    </BusyButton>
  );
}

/** Sandbox portal: renew a subscription that is cancelling, as Stripe's portal offers until the period ends. */
export function RenewSubscriptionButton({ subscriptionId, planName }: { subscriptionId: string; planName: string }) {
  const { busy, run } = useRefreshingAction();
  const renew = () =>
    run({
      send: () => apiRequest("POST", apiPath`/api/subscriptions/${subscriptionId}/resume`, {}),
      done: { title: "Subscription Resumed", description: "Your subscription will continue and renew as before." },
      failed: { title: "Error", fallback: "Failed to resume subscription" },
    });
  return (
    <BusyButton size="sm" onClick={renew} busy={busy !== null} busyLabel="Renewing..." aria-label={`Renew: ${planName} plan`}>
      Renew subscription
    </BusyButton>
  );
}

"use client";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PaymentSetupForm } from "@/features/billing/payment-form/payment-setup-form";
import { findPlan, periodPrice, type Billing } from "@/features/plans/catalogue";
import { api, ApiError, errorMessage, isUnauthorizedError } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/lib/ui/card";
import { Spinner } from "@/lib/ui/spinner";
import { toast } from "@/lib/ui/toaster";
import { invalidateBilling } from "../invalidate";
import { SubscribeSummary, subscribePaymentTerms } from "./subscribe-summary";

/** The server's start: a trialing subscription's setup, or (the free trial used) a setup intent for a paid start. */
type SubscribeStart = { clientSecret?: string; trial?: boolean; setupIntentId?: string | null };

/**
 * /subscribe: subscription first. On load the server creates the trialing
 * subscription and returns the client secret of its pending setup intent;
 * the card form confirms it, then the customer lands on /billing?success=true.
 * Once the customer's free trial is used (ADR 0105) the server answers a
 * setup intent instead (trial: false): the page says the subscription is
 * charged now before it asks for the card, and the confirmed card completes
 * a paid subscription (complete-subscription with trial: false).
 */
export function SubscribePage({ planId, billing, publishableKey }: { planId: string; billing: Billing; publishableKey: string | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [start, setStart] = useState<{ clientSecret: string; trial: boolean } | null>(null);
  const started = useRef(false);
  const plan = findPlan(planId);
  const { mutateAsync: createSubscription } = useMutation({
    mutationFn: () => api.post<SubscribeStart | undefined>("/api/create-subscription", { planId, billing }),
    // A 401 (handled by the MutationCache): this toast, then login (back to this page) after 1000 ms.
    meta: { unauthorized: { title: "Authentication Required", description: "Please log in to subscribe to a plan", delayMs: 1000 } },
  });

  const { mutateAsync: reportConfirmed } = useMutation({
    mutationFn: (setupIntentId: string) => api.post("/api/payment-setup-confirmed", { setupIntentId }),
  });
  const { mutateAsync: completePaid } = useMutation({
    mutationFn: (setupIntentId: string) => api.post("/api/complete-subscription", { setupIntentId, planId, billing, aiEmployeeId: null, trial: false }),
  });

  useEffect(() => {
    // Once per page load (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const body = await createSubscription();
        if (!body?.clientSecret) throw new Error("Failed to create subscription");
        setStart({ clientSecret: body.clientSecret, trial: body.trial !== false });
      } catch (error) {
        if (isUnauthorizedError(error)) return; // handled by the MutationCache
        toast({ title: "Error", description: errorMessage(error, "Failed to create subscription"), variant: "destructive" });
        router.push("/pricing");
      }
    })();
  }, [createSubscription, router]);

  if (!start) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <Spinner label="Loading" />
        <p className="text-slate-700">Setting up your subscription...</p>
      </div>
    );
  }

  const name = plan?.name ?? planId;
  const price = plan ? periodPrice(plan, billing) : null;
  const terms = subscribePaymentTerms(start.trial, price, billing);

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <SubscribeSummary planId={planId} name={name} price={price} billing={billing} trial={start.trial} />

      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Payment Details</CardTitle>
          <p className="text-sm text-slate-700">{terms.note}</p>
        </CardHeader>
        <CardContent>
          <PaymentSetupForm
            clientSecret={start.clientSecret}
            publishableKey={publishableKey}
            submitLabel={terms.submitLabel}
            busyLabel="Processing..."
            returnUrl="/billing?success=true"
            onSuccess={async (setupIntent) => {
              if (start.trial) {
                // The card becomes the subscription's default now; the provider's webhook does the same if this is lost.
                await reportConfirmed(setupIntent.id).catch(() => undefined);
              } else {
                try {
                  // The free trial is used: the confirmed card starts the paid subscription, charged now.
                  await completePaid(setupIntent.id);
                } catch (error) {
                  const message = error instanceof ApiError ? error.bodyMessage : null;
                  toast({ title: "Payment Failed", description: message || "An unexpected error occurred", variant: "destructive" });
                  return;
                }
              }
              await invalidateBilling(queryClient);
              router.push(start.trial ? "/billing?success=true" : "/billing?subscription=paid");
            }}
            onError={(message) => toast({ title: "Payment Failed", description: message || "An unexpected error occurred", variant: "destructive" })}
            secondary={
              <Button asChild variant="outline" type="button">
                <Link href="/pricing">Back to Plans</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </section>
  );
}

"use client";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PaymentSetupForm } from "@/features/billing/payment-form/payment-setup-form";
import { FREE_TRIAL_USED } from "@/features/billing/free-trial";
import { findPlan, periodPrice, type Billing } from "@/features/plans/catalogue";
import { api, ApiError, errorMessage, isUnauthorizedError } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/lib/ui/card";
import { Spinner } from "@/lib/ui/spinner";
import { toast } from "@/lib/ui/toaster";
import { invalidateBilling } from "../invalidate";
import type { CardStepProps } from "../checkout/card-step-props";
import { SubscribeSummary, subscribePaymentTerms } from "./subscribe-summary";

/** The server's start: a setup intent, and whether the subscription it leads to starts with the free trial. */
type SubscribeStart = { clientSecret?: string; trial?: boolean; setupIntentId?: string | null };

/** This page's own address, for the provider to send the customer back to after a redirect. */
function subscribePath(planId: string, billing: Billing): string {
  return `/subscribe?${new URLSearchParams({ plan: planId, billing })}`;
}

/**
 * /subscribe: card first, as /checkout (issue 23, ADR 0111). On load the
 * server answers a setup intent and whether this start is the free trial;
 * nothing is subscribed yet, so leaving the page leaves nothing behind. The
 * confirmed card starts the subscription (complete-subscription: the trial,
 * or, once the customer's free trial is used (ADR 0105), a paid one charged
 * now, which the page says before it asks for the card), then the customer
 * lands on /billing?success=true. Should the trial be used by the time the
 * card is confirmed (another tab), nothing is charged: the page says so and
 * offers to pay now.
 */
export function SubscribePage({ planId, billing, publishableKey, returnedSetupIntentId = null }: CardStepProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [start, setStart] = useState<{ clientSecret: string; trial: boolean } | null>(null);
  // A confirmed card whose trial turned out used: waiting for the customer's go-ahead to pay now.
  const [payNowWith, setPayNowWith] = useState<string | null>(null);
  const started = useRef(false);
  const plan = findPlan(planId);
  const { mutateAsync: createSetup } = useMutation({
    mutationFn: () => api.post<SubscribeStart | undefined>("/api/create-subscription", { planId, billing }),
    // A 401 (handled by the MutationCache): this toast, then login (back to this page) after 1000 ms.
    meta: { unauthorized: { title: "Authentication Required", description: "Please log in to subscribe to a plan", delayMs: 1000 } },
  });
  const { mutateAsync: completeSubscription } = useMutation({
    mutationFn: (args: { setupIntentId: string; trial: boolean }) => api.post("/api/complete-subscription", { ...args, planId, billing, aiEmployeeId: null }),
  });

  /** Starts the subscription with a confirmed card: the trial the page promised, or paid now (`trial` false). True once it started. */
  async function complete(setupIntentId: string, trial: boolean): Promise<boolean> {
    try {
      await completeSubscription({ setupIntentId, trial });
    } catch (error) {
      if (isUnauthorizedError(error)) return false;
      if (error instanceof ApiError && error.status === 409 && trial) {
        // The free trial was used meanwhile: nothing was charged; the page says so and offers to pay now.
        setStart((s) => (s ? { ...s, trial: false } : s));
        setPayNowWith(setupIntentId);
        toast({ title: "Free Trial Used", description: error.bodyMessage ?? FREE_TRIAL_USED, variant: "destructive" });
        return false;
      }
      const message = error instanceof ApiError ? error.bodyMessage : null;
      toast({ title: "Payment Failed", description: message || "An unexpected error occurred", variant: "destructive" });
      return false;
    }
    await invalidateBilling(queryClient);
    router.push(trial ? "/billing?success=true" : "/billing?subscription=paid");
    return true;
  }

  useEffect(() => {
    // Once per page load (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const body = await createSetup();
        if (!body?.clientSecret) throw new Error("Failed to create subscription");
        const trial = body.trial !== false;
        // Back from a confirmation that needed a redirect: start with that card; if that fails (the toast says why), ask again.
        if (returnedSetupIntentId && (await complete(returnedSetupIntentId, trial))) return;
        setStart({ clientSecret: body.clientSecret, trial });
      } catch (error) {
        if (isUnauthorizedError(error)) return; // handled by the MutationCache
        toast({ title: "Error", description: errorMessage(error, "Failed to create subscription"), variant: "destructive" });
        router.push("/pricing");
      }
    })();
    // complete() is stable enough for a run-once effect (started guards it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [createSetup, router, returnedSetupIntentId]);

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
          {payNowWith ? (
            <div className="flex flex-col gap-3" data-testid="pay-now">
              <p className="text-slate-800">Your card is saved and nothing has been charged yet.</p>
              <Button onClick={() => void complete(payNowWith, false)}>{terms.submitLabel}</Button>
            </div>
          ) : (
            <PaymentSetupForm
              clientSecret={start.clientSecret}
              publishableKey={publishableKey}
              submitLabel={terms.submitLabel}
              busyLabel="Processing..."
              returnUrl={subscribePath(planId, billing)}
              onSuccess={async (setupIntent) => void (await complete(setupIntent.id, start.trial))}
              onError={(message) => toast({ title: "Payment Failed", description: message || "An unexpected error occurred", variant: "destructive" })}
              secondary={
                <Button asChild variant="outline" type="button">
                  <Link href="/pricing">Back to Plans</Link>
                </Button>
              }
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

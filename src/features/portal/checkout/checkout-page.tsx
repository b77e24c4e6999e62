"use client";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type { PlanView } from "@/features/billing/api-types";
import { PaymentSetupForm } from "@/features/billing/payment-form/payment-setup-form";
import { FREE_TRIAL_USED } from "@/features/billing/free-trial";
import { formatCents, type Billing } from "@/features/plans/catalogue";
import { api, ApiError, errorMessage, isUnauthorizedError } from "@/lib/api-client";
import type { AppMeta } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Spinner } from "@/lib/ui/spinner";
import { toast } from "@/lib/ui/toaster";
import { invalidateBilling } from "../invalidate";
import type { CardStepProps } from "./card-step-props";
import { chargedNowText } from "../subscribe/subscribe-summary";
import { CheckoutSummary, CheckoutTerms } from "./checkout-summary";

/** Any checkout call answering 401 (handled by the Query/MutationCache): this toast, then / after 1000 ms. */
const SESSION_EXPIRED_META = {
  unauthorized: { title: "Session Expired", description: "Please log in again to continue.", delayMs: 1000, to: "/" },
} as const satisfies AppMeta;

function BackToPricing() {
  return (
    <Button asChild variant="ghost" className="-ml-3">
      <Link href="/pricing">
        <ArrowLeft aria-hidden />
        Back to Pricing
      </Link>
    </Button>
  );
}

/** This checkout's own address, for the provider to send the customer back to after a redirect. */
function checkoutPath(planId: string, billing: Billing, aiEmployeeId: string): string {
  const query = new URLSearchParams({ plan: planId, billing });
  if (aiEmployeeId) query.set("aiEmployeeId", aiEmployeeId);
  return `/checkout?${query}`;
}

/**
 * /checkout: card first. Loads the plan, creates a setup intent, confirms the
 * card, then completes the trialing subscription (linking the AI employee)
 * and lands on /billing?trial=started. Once the customer's free trial is used
 * (ADR 0105) the setup intent's answer says so (trial: false): the page says
 * the subscription is charged now before it asks for the card, and completes
 * a paid one (/billing?subscription=paid). Should the trial be used by the
 * time the card is confirmed (another tab), the server refuses with 409 and
 * nothing is charged: the page then says so and offers to pay now.
 */
export function CheckoutPage({ planId, billing, aiEmployeeId, publishableKey, returnedSetupIntentId = null }: CardStepProps & { aiEmployeeId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const plan = useQuery<PlanView>({ queryKey: ["/api/subscription-plans", planId], meta: SESSION_EXPIRED_META });
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  // Whether this checkout starts the free trial (the server's answer); true until it says otherwise.
  const [trial, setTrial] = useState(true);
  // A confirmed card whose trial turned out used: waiting for the customer's go-ahead to pay now.
  const [payNowWith, setPayNowWith] = useState<string | null>(null);
  const started = useRef(false);
  const { mutateAsync: createSetupIntent } = useMutation({
    mutationFn: () => api.post<{ clientSecret?: string; trial?: boolean } | undefined>("/api/create-setup-intent", {}),
    meta: SESSION_EXPIRED_META,
  });
  const { mutateAsync: completeSubscription } = useMutation({
    mutationFn: (args: { setupIntentId: string; trial: boolean }) => api.post("/api/complete-subscription", { ...args, planId, billing, aiEmployeeId }),
    meta: SESSION_EXPIRED_META,
  });

  useEffect(() => {
    if (!plan.data || started.current) return;
    started.current = true;
    (async () => {
      // Back from a redirect: complete with that setup intent; if that fails (the toast says why), ask for the card again.
      if (returnedSetupIntentId && (await complete({ id: returnedSetupIntentId, status: "succeeded" }))) return;
      try {
        let body: { clientSecret?: string; trial?: boolean } | undefined;
        try {
          body = await createSetupIntent();
        } catch (error) {
          if (isUnauthorizedError(error)) throw error;
          throw new Error(errorMessage(error, "Failed to create setup intent"));
        }
        if (!body?.clientSecret) throw new Error("No client secret received");
        setTrial(body.trial !== false);
        setClientSecret(body.clientSecret);
      } catch (error) {
        if (isUnauthorizedError(error)) return; // handled by the MutationCache
        toast({
          title: "Setup Error",
          description: error instanceof Error && error.message ? error.message : "Failed to prepare subscription setup. Please try again.",
          variant: "destructive",
        });
        router.push("/pricing");
      }
    })();
    // complete() is stable enough for a run-once effect (started guards it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan.data, router, createSetupIntent, returnedSetupIntentId]);

  /**
   * Completes the subscription with a confirmed setup intent: with the trial
   * the page promised, or paid now (`withTrial` false). True once it started.
   */
  async function complete(setupIntent: { id: string; status: string }, withTrial = trial): Promise<boolean> {
    if (setupIntent.status !== "succeeded") {
      toast({ title: "Payment Setup Failed", description: "Failed to save payment method.", variant: "destructive" });
      return false;
    }
    try {
      try {
        await completeSubscription({ setupIntentId: setupIntent.id, trial: withTrial });
      } catch (error) {
        if (isUnauthorizedError(error)) return false; // handled by the MutationCache
        if (error instanceof ApiError && error.status === 409 && withTrial) {
          // The free trial was used meanwhile: nothing was charged; the page says so and offers to pay now.
          setTrial(false);
          setPayNowWith(setupIntent.id);
          toast({ title: "Free Trial Used", description: error.bodyMessage ?? FREE_TRIAL_USED, variant: "destructive" });
          return false;
        }
        // A non-OK answer shows its JSON `message` field, else the completion default.
        if (error instanceof ApiError) throw new Error(error.bodyMessage ?? "Failed to create subscription");
        throw error;
      }
      await invalidateBilling(queryClient);
      if (withTrial) {
        toast({ title: "Trial Started!", description: "Your 14-day free trial has started. You won't be charged until the trial ends." });
        router.push("/billing?trial=started");
      } else {
        toast({ title: "Subscription Started!", description: "Your card has been charged and your subscription is active." });
        router.push("/billing?subscription=paid");
      }
      return true;
    } catch (error) {
      toast({
        title: "Subscription Error",
        description: error instanceof Error && error.message ? error.message : "Failed to complete subscription setup.",
        variant: "destructive",
      });
      return false;
    }
  }

  if (plan.isLoading) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <Spinner label="Loading" />
        <p className="text-slate-700">Loading subscription details...</p>
      </div>
    );
  }

  if (plan.isError || !plan.data) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
        <p className="text-slate-800" role="alert">
          Unable to load subscription details.
        </p>
        <Button asChild>
          <Link href="/pricing">Back to Pricing</Link>
        </Button>
      </section>
    );
  }

  const p = plan.data;
  const price = billing === "annual" ? p.annualPrice : p.monthlyPrice;
  const payLabel = `Subscribe and Pay ${formatCents(price)}`;

  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <BackToPricing />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Complete Your Subscription</h1>
      <CheckoutTerms planName={p.name} trial={trial} />

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <CheckoutSummary planId={planId} plan={p} billing={billing} trial={trial} />

        <Card>
          <CardHeader>
            <CardTitle as="h2">Payment Setup</CardTitle>
            <CardDescription>{trial ? "Your card is saved now and charged only after the trial ends." : `${FREE_TRIAL_USED} ${chargedNowText(price, billing)}.`}</CardDescription>
          </CardHeader>
          <CardContent>
            {payNowWith ? (
              <div className="flex flex-col gap-3" data-testid="pay-now">
                <p className="text-slate-800">Your card is saved and nothing has been charged yet.</p>
                <Button onClick={() => void complete({ id: payNowWith, status: "succeeded" }, false)}>{payLabel}</Button>
              </div>
            ) : clientSecret ? (
              <PaymentSetupForm
                clientSecret={clientSecret}
                publishableKey={publishableKey}
                submitLabel={trial ? "Start Free Trial" : payLabel}
                busyLabel="Setting up payment..."
                onSuccess={async (setupIntent) => void (await complete(setupIntent))}
                returnUrl={checkoutPath(planId, billing, aiEmployeeId)}
                onError={(message) => toast({ title: "Payment Setup Failed", description: message || "Failed to save payment method.", variant: "destructive" })}
              />
            ) : (
              <div className="flex items-center gap-3 text-slate-700">
                <Spinner label="Loading" />
                <span>Preparing secure payment form...</span>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

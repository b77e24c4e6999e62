"use client";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Check } from "lucide-react";
import type { PlanView } from "@/features/billing/api-types";
import { PaymentSetupForm } from "@/features/billing/payment-form/payment-setup-form";
import type { Billing } from "@/features/plans/catalogue";
import { api, ApiError, errorMessage, isUnauthorizedError } from "@/lib/api-client";
import type { AppMeta } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Spinner } from "@/lib/ui/spinner";
import { toast } from "@/lib/ui/toaster";
import { IncludedList } from "../included-list";
import { PlanPriceHeader } from "../plan-price-header";
import { invalidateBilling } from "../invalidate";

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
 * and lands on /billing?trial=started.
 */
export function CheckoutPage({
  planId,
  billing,
  aiEmployeeId,
  publishableKey,
  returnedSetupIntentId = null,
}: {
  planId: string;
  billing: Billing;
  aiEmployeeId: string;
  publishableKey: string | null;
  /** A setup intent confirmed through a redirect: the checkout completes with it. */
  returnedSetupIntentId?: string | null;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const plan = useQuery<PlanView>({ queryKey: ["/api/subscription-plans", planId], meta: SESSION_EXPIRED_META });
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const started = useRef(false);
  const { mutateAsync: createSetupIntent } = useMutation({
    mutationFn: () => api.post<{ clientSecret?: string } | undefined>("/api/create-setup-intent", {}),
    meta: SESSION_EXPIRED_META,
  });
  const { mutateAsync: completeSubscription } = useMutation({
    mutationFn: (setupIntentId: string) => api.post("/api/complete-subscription", { setupIntentId, planId, billing, aiEmployeeId }),
    meta: SESSION_EXPIRED_META,
  });

  useEffect(() => {
    if (!plan.data || started.current) return;
    started.current = true;
    (async () => {
      // Back from a redirect: complete with that setup intent; if that fails (the toast says why), ask for the card again.
      if (returnedSetupIntentId && (await complete({ id: returnedSetupIntentId, status: "succeeded" }))) return;
      try {
        let body: { clientSecret?: string } | undefined;
        try {
          body = await createSetupIntent();
        } catch (error) {
          if (isUnauthorizedError(error)) throw error;
          throw new Error(errorMessage(error, "Failed to create setup intent"));
        }
        if (!body?.clientSecret) throw new Error("No client secret received");
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

  /** Completes the subscription with a confirmed setup intent; true once the trial has started. */
  async function complete(setupIntent: { id: string; status: string }): Promise<boolean> {
    if (setupIntent.status !== "succeeded") {
      toast({ title: "Payment Setup Failed", description: "Failed to save payment method.", variant: "destructive" });
      return false;
    }
    try {
      try {
        await completeSubscription(setupIntent.id);
      } catch (error) {
        if (isUnauthorizedError(error)) return false; // handled by the MutationCache
        // A non-OK answer shows its JSON `message` field, else the completion default.
        if (error instanceof ApiError) throw new Error(error.bodyMessage ?? "Failed to create subscription");
        throw error;
      }
      await invalidateBilling(queryClient);
      toast({ title: "Trial Started!", description: "Your 14-day free trial has started. You won't be charged until the trial ends." });
      router.push("/billing?trial=started");
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

  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <BackToPricing />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Complete Your Subscription</h1>
      <p className="mt-1 text-slate-700">Start your 14-day free trial for the {p.name} plan</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <Card data-testid="checkout-summary">
            <PlanPriceHeader name={p.name} price={price} billing={billing} caption="Price after trial" />
            <CardContent>
              <IncludedList planId={planId} billing={billing} apiPlan={p} />
            </CardContent>
          </Card>
          <Card className="border-blue-200 bg-blue-50">
            <CardHeader>
              <CardTitle as="h2" className="text-blue-950">
                Free Trial Details
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-2 text-blue-950">
                {["14 days free", "No charges until the trial ends", "Cancel anytime", "Full access to all plan features"].map((text) => (
                  <li key={text} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {text}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Payment Setup</CardTitle>
            <CardDescription>Your card is saved now and charged only after the trial ends.</CardDescription>
          </CardHeader>
          <CardContent>
            {clientSecret ? (
              <PaymentSetupForm
                clientSecret={clientSecret}
                publishableKey={publishableKey}
                submitLabel="Start Free Trial"
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

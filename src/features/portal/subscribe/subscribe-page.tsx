"use client";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { PaymentSetupForm } from "@/features/billing/payment-form/payment-setup-form";
import { findPlan, periodPrice, type Billing } from "@/features/plans/catalogue";
import { api, errorMessage, isUnauthorizedError } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/lib/ui/card";
import { Spinner } from "@/lib/ui/spinner";
import { toast } from "@/lib/ui/toaster";
import { IncludedList } from "../included-list";
import { PlanPriceHeader } from "../plan-price-header";
import { invalidateBilling } from "../invalidate";

/**
 * /subscribe: subscription first. On load the server creates the trialing
 * subscription and returns the client secret of its pending setup intent;
 * the card form confirms it, then the customer lands on /billing?success=true.
 */
export function SubscribePage({ planId, billing, publishableKey }: { planId: string; billing: Billing; publishableKey: string | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const started = useRef(false);
  const plan = findPlan(planId);
  const { mutateAsync: createSubscription } = useMutation({
    mutationFn: () => api.post<{ clientSecret?: string } | undefined>("/api/create-subscription", { planId, billing }),
    // A 401 (handled by the MutationCache): this toast, then login (back to this page) after 1000 ms.
    meta: { unauthorized: { title: "Authentication Required", description: "Please log in to subscribe to a plan", delayMs: 1000 } },
  });

  const { mutateAsync: reportConfirmed } = useMutation({
    mutationFn: (setupIntentId: string) => api.post("/api/payment-setup-confirmed", { setupIntentId }),
  });

  useEffect(() => {
    // Once per page load (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const body = await createSubscription();
        if (!body?.clientSecret) throw new Error("Failed to create subscription");
        setClientSecret(body.clientSecret);
      } catch (error) {
        if (isUnauthorizedError(error)) return; // handled by the MutationCache
        toast({ title: "Error", description: errorMessage(error, "Failed to create subscription"), variant: "destructive" });
        router.push("/pricing");
      }
    })();
  }, [createSubscription, router]);

  if (!clientSecret) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <Spinner label="Loading" />
        <p className="text-slate-700">Setting up your subscription...</p>
      </div>
    );
  }

  const name = plan?.name ?? planId;
  const price = plan ? periodPrice(plan, billing) : null;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Subscribe to {name} Plan</h1>
      <p className="mt-1 text-slate-700">Start your 14-day free trial today</p>

      <Card className="mt-8" data-testid="subscribe-summary">
        <PlanPriceHeader name={name} price={price} billing={billing} />
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <ul className="flex flex-col gap-2 text-slate-800">
            {["14-day free trial included", "Cancel anytime during trial", "Full access to all plan features"].map((text) => (
              <li key={text} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
          <IncludedList planId={planId} billing={billing} />
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Payment Details</CardTitle>
          <p className="text-sm text-slate-700">Your card is saved now and charged only after the 14-day trial ends.</p>
        </CardHeader>
        <CardContent>
          <PaymentSetupForm
            clientSecret={clientSecret}
            publishableKey={publishableKey}
            submitLabel="Start 14-Day Free Trial"
            busyLabel="Processing..."
            returnUrl="/billing?success=true"
            onSuccess={async (setupIntent) => {
              // The card becomes the subscription's default now; the provider's webhook does the same if this is lost.
              await reportConfirmed(setupIntent.id).catch(() => undefined);
              await invalidateBilling(queryClient);
              router.push("/billing?success=true");
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

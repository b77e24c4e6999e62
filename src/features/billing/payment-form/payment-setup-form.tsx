"use client";

import * as React from "react";
// The pure entry loads Stripe.js only when loadStripe() is called (Stripe mode), not on import.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe } from "@stripe/stripe-js";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Button } from "@/lib/ui/button";
import { FormError, useFormError } from "./form-error";
import { SandboxSetupForm } from "./sandbox-card-form";

export type PaymentSetupFormProps = {
  /** The setup intent's client secret. */
  clientSecret: string;
  /** Stripe publishable key; null => the sandbox card form. */
  publishableKey: string | null;
  /** e.g. "Start Free Trial". */
  submitLabel: string;
  /** e.g. "Setting up payment...". */
  busyLabel: string;
  onSuccess: (setupIntent: { id: string; status: string }) => void | Promise<void>;
  /** The provider's message (e.g. "Your card was declined."), or null when there is none. */
  onError: (providerMessage: string | null) => void;
  /** Placed beside the submit button, e.g. a "Back to Plans" button. */
  secondary?: React.ReactNode;
  /**
   * Where the provider sends the customer back after a confirmation that
   * needed a redirect (path or URL; the provider adds `setup_intent` and
   * `redirect_status`). Cards confirm in place, so this is a safety net
   * (ADR 0089).
   */
  returnUrl: string;
};

/**
 * Collects a card for a setup intent. With a publishable key it renders
 * Stripe's Payment Element; without one (the sandbox) a labelled test-mode
 * card form that confirms against /api/sandbox/confirm-setup.
 */
export function PaymentSetupForm(props: PaymentSetupFormProps): React.JSX.Element {
  if (props.publishableKey) return <StripeSetupForm {...props} publishableKey={props.publishableKey} />;
  return <SandboxSetupForm {...props} />;
}

const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let p = stripePromises.get(key);
  if (!p) {
    p = loadStripe(key);
    stripePromises.set(key, p);
  }
  return p;
}

function StripeSetupForm(props: PaymentSetupFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ clientSecret: props.clientSecret }}>
      <StripeInner {...props} />
    </Elements>
  );
}

function StripeInner({ submitLabel, busyLabel, onSuccess, onError, secondary, returnUrl }: PaymentSetupFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [formError, fail] = useFormError(onError);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!stripe || !elements || !ready || busy) return;
    setBusy(true);
    fail.clear();
    try {
      const result = await stripe.confirmSetup({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: new URL(returnUrl, window.location.origin).href },
      });
      if (result.error) {
        fail(result.error.message ?? null);
      } else if (result.setupIntent) {
        await onSuccess({ id: result.setupIntent.id, status: result.setupIntent.status });
      } else {
        fail(null);
      }
    } catch {
      fail(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-6">
      <PaymentElement onReady={() => setReady(true)} />
      <FormError message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {secondary}
        <Button type="submit" disabled={!stripe || !elements || !ready || busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

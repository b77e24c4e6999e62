"use client";

import * as React from "react";
// The pure entry loads Stripe.js only when loadStripe() is called (Stripe mode), not on import.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe } from "@stripe/stripe-js";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { api, ApiError } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";

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

function StripeInner({ submitLabel, busyLabel, onSuccess, onError, secondary }: PaymentSetupFormProps) {
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
      const result = await stripe.confirmSetup({ elements, redirect: "if_required" });
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

type ConfirmResponse = { setupIntent?: { id: string; status: string; lastError: string | null }; message?: string };

function SandboxSetupForm({ clientSecret, submitLabel, busyLabel, onSuccess, onError, secondary }: PaymentSetupFormProps) {
  const id = React.useId();
  const [cardNumber, setCardNumber] = React.useState("");
  const [expiry, setExpiry] = React.useState("");
  const [cvc, setCvc] = React.useState("");
  const [name, setName] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  const [fieldError, setFieldError] = React.useState<string | null>(null);
  const [formError, fail] = useFormError(onError);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const digits = cardNumber.replace(/\D/g, "");
    const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
    if (digits.length < 12) return setFieldError("Enter a card number.");
    if (!m) return setFieldError("Enter the expiry date as MM/YY.");
    if (!/^\d{3,4}$/.test(cvc.trim())) return setFieldError("Enter the 3 or 4 digit CVC.");
    setFieldError(null);
    fail.clear();
    const expMonth = Number(m[1]);
    const expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    setBusy(true);
    try {
      let ok = true;
      let body: ConfirmResponse;
      try {
        body = (await api.post<ConfirmResponse | undefined>("/api/sandbox/confirm-setup", { clientSecret, cardNumber: digits, expMonth, expYear, cvc: cvc.trim(), name: name.trim() })) ?? {};
      } catch (error) {
        // A declined card answers non-2xx with the setup intent (and its lastError) in the body.
        if (!(error instanceof ApiError)) throw error;
        ok = false;
        body = error.body && typeof error.body === "object" ? (error.body as ConfirmResponse) : {};
      }
      const si = body.setupIntent;
      if (ok && si && si.status === "succeeded") {
        await onSuccess({ id: si.id, status: si.status });
      } else if (si?.lastError) {
        fail(si.lastError);
      } else {
        fail(body.message ?? null);
      }
    } catch {
      fail(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-describedby={`${id}-notice`} noValidate>
      <p id={`${id}-notice`} role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Test mode — no real card is charged. Use 4242 4242 4242 4242.
      </p>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-number`}>Card number</Label>
        <Input
          id={`${id}-number`}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          required
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</Label>
          <Input
            id={`${id}-expiry`}
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/34"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            required
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            id={`${id}-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
            required
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>Name on card</Label>
        <Input id={`${id}-name`} name="cardName" autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      {fieldError ? (
        <p role="alert" className="text-sm text-red-700">
          {fieldError}
        </p>
      ) : null}
      <FormError message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {secondary}
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

const FORM_ERROR_FALLBACK = "The card could not be saved. Check the details and try again.";

/**
 * A failure is reported to the page (which shows its toast) and kept beside
 * the card form, so a declined card's reason stays in view after the toast.
 */
function useFormError(onError: PaymentSetupFormProps["onError"]) {
  const [message, setMessage] = React.useState<string | null>(null);
  const fail = Object.assign(
    (reason: string | null) => {
      setMessage(reason || FORM_ERROR_FALLBACK);
      onError(reason);
    },
    { clear: () => setMessage(null) },
  );
  return [message, fail] as const;
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="card-form-error">
      {message}
    </p>
  );
}

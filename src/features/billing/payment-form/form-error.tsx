"use client";

import * as React from "react";

const FORM_ERROR_FALLBACK = "The card could not be saved. Check the details and try again.";

/**
 * A failure is reported to the page (which shows its toast) and kept beside
 * the card form, so a declined card's reason stays in view after the toast.
 */
export function useFormError(onError: (providerMessage: string | null) => void) {
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

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="card-form-error">
      {message}
    </p>
  );
}

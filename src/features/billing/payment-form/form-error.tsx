"use client";

import * as React from "react";
import { FormAlert } from "@/lib/ui/form-alert";

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
  return <FormAlert data-testid="card-form-error">{message}</FormAlert>;
}

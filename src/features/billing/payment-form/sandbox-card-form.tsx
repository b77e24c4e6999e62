"use client";

import * as React from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { api, ApiError } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { sandboxConfirmBody } from "../billing.schema";
import { SANDBOX_TEST_CARDS } from "../sandbox/card-checks";
import { FormError, useFormError } from "./form-error";
import type { PaymentSetupFormProps } from "./payment-setup-form";

const EXPIRY = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;

/**
 * What the card form takes (a card number with spaces, MM/YY), turned into
 * the body that the server's schema (sandboxConfirmBody) then checks.
 */
const cardFormSchema = z
  .object({
    cardNumber: z
      .string()
      .transform((s) => s.replace(/\D/g, ""))
      .refine((digits) => digits.length >= 12, { message: "Enter a card number." }),
    expiry: z.string().regex(EXPIRY, { message: "Enter the expiry date as MM/YY." }),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, { message: "Enter the 3 or 4 digit CVC." }),
    name: z.string().trim(),
  })
  .transform(({ expiry, ...card }) => {
    const [, month, year] = EXPIRY.exec(expiry)!;
    return { ...card, expMonth: Number(month), expYear: year!.length === 2 ? 2000 + Number(year) : Number(year) };
  });

type CardFormInput = z.input<typeof cardFormSchema>;
type ConfirmResponse = { setupIntent?: { id: string; status: string; lastError: string | null }; message?: string };

const FIELDS: Array<{ field: keyof CardFormInput; label: string; autoComplete: string; placeholder?: string; numeric?: boolean; required?: boolean }> = [
  { field: "cardNumber", label: "Card number", autoComplete: "cc-number", placeholder: "4242 4242 4242 4242", numeric: true, required: true },
  { field: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "12/34", numeric: true, required: true },
  { field: "cvc", label: "CVC", autoComplete: "cc-csc", placeholder: "123", numeric: true, required: true },
  { field: "name", label: "Name on card", autoComplete: "cc-name" },
];

/** The first problem, in the order of the fields. */
function firstError(errors: FieldErrors<CardFormInput>): string | null {
  for (const { field } of FIELDS) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return null;
}

/** The sandbox's labelled test-mode card form; it confirms against /api/sandbox/confirm-setup. */
export function SandboxSetupForm({ clientSecret, submitLabel, busyLabel, onSuccess, onError, secondary }: PaymentSetupFormProps) {
  const id = React.useId();
  const form = useForm<CardFormInput, unknown, z.output<typeof cardFormSchema>>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: "", expiry: "", cvc: "", name: "" },
  });
  const [fieldError, setFieldError] = React.useState<string | null>(null);
  const [formError, fail] = useFormError(onError);
  const busy = form.formState.isSubmitting;

  const onValid = async (card: z.output<typeof cardFormSchema>) => {
    // The server's rules too (e.g. a month of 13), before anything is sent.
    const checked = sandboxConfirmBody.safeParse({ clientSecret, ...card });
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message ?? null);
    setFieldError(null);
    fail.clear();
    try {
      let ok = true;
      let body: ConfirmResponse;
      try {
        body = (await api.post<ConfirmResponse | undefined>("/api/sandbox/confirm-setup", checked.data)) ?? {};
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
    }
  };

  const field = ({ field, label, autoComplete, placeholder, numeric, required }: (typeof FIELDS)[number]) => (
    <div key={field} className="space-y-1.5">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input id={`${id}-${field}`} inputMode={numeric ? "numeric" : undefined} autoComplete={autoComplete} placeholder={placeholder} required={required} {...form.register(field)} />
    </div>
  );

  return (
    <form onSubmit={form.handleSubmit(onValid, (errors) => setFieldError(firstError(errors)))} className="space-y-4" aria-describedby={`${id}-notice`} noValidate>
      <div role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <p id={`${id}-notice`}>Test mode — no real card is charged. Use 4242 4242 4242 4242.</p>
        <details className="mt-1">
          <summary className="cursor-pointer font-medium">Other test cards</summary>
          <ul className="mt-1 space-y-0.5">
            {SANDBOX_TEST_CARDS.slice(1).map((c) => (
              <li key={c.number}>
                <span className="font-mono tabular-nums">{c.number}</span> {c.outcome}.
              </li>
            ))}
          </ul>
        </details>
      </div>
      {field(FIELDS[0]!)}
      <div className="grid grid-cols-2 gap-3">
        {field(FIELDS[1]!)}
        {field(FIELDS[2]!)}
      </div>
      {field(FIELDS[3]!)}
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

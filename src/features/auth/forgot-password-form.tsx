"use client";
import { useState } from "react";
import Link from "next/link";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, SubmitButton } from "@/lib/ui/button";
import { InputField } from "@/lib/ui/input";
import { authClient, authResult } from "./auth-client";
import { firstFormProblem } from "./login-form.schema";
import { forgotPasswordFormSchema, type ForgotPasswordFormInput, type ForgotPasswordFormOutput } from "./password-reset-form.schema";
import { RESET_PASSWORD_PATH, RESET_REQUESTED_MESSAGE } from "./password-reset";
import { FormAlert, FormStatus } from "@/lib/ui/form-alert";

/**
 * /forgot-password: asks better-auth to e-mail a reset link. The page says
 * the same whether the address has an account or not.
 */
export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordFormInput, unknown, ForgotPasswordFormOutput>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: "" } });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const onValid = async ({ email }: ForgotPasswordFormOutput) => {
    setError(null);
    // The server sends the link to /reset-password whatever is asked here.
    const { error: requestError } = await authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH });
    const result = authResult(requestError);
    if (!result.ok) {
      setError(result.message ?? "Something went wrong. Please try again.");
      return;
    }
    setSentTo(email);
  };
  const onInvalid = (errors: FieldErrors<ForgotPasswordFormInput>) => setError(firstFormProblem(errors, ["email"]));

  if (sentTo) {
    return (
      <div className="space-y-4">
        <FormStatus>{RESET_REQUESTED_MESSAGE}</FormStatus>
        <p className="text-sm text-slate-700">
          Look for an e-mail to <span className="font-medium break-all">{sentTo}</span>, in the spam folder too. The link works once, for 1 hour.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild className="w-full sm:w-auto">
            <Link href="/login">Back to sign in</Link>
          </Button>
          <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={() => setSentTo(null)}>
            Use another address
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4" aria-label="Reset your password">
      <InputField id="forgot-email" label="Email" type="email" autoComplete="email" required autoFocus {...form.register("email")} />
      <FormAlert>{error}</FormAlert>
      <SubmitButton className="w-full" busy={busy} busyLabel="Sending...">
        Send reset link
      </SubmitButton>
      <p className="text-center text-sm">
        <Link href="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}

"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, SubmitButton } from "@/lib/ui/button";
import { InputField } from "@/lib/ui/input";
import { NewPasswordField } from "./components/new-password-field";
import { authClient, authResult } from "./auth-client";
import { MAX_PASSWORD_LENGTH } from "./auth-limits";
import { firstFormProblem } from "./login-form.schema";
import { resetPasswordFormSchema, type ResetPasswordFormInput, type ResetPasswordFormOutput } from "./password-reset-form.schema";
import { FORGOT_PASSWORD_PATH, RESET_LINK_INVALID_MESSAGE } from "./password-reset";
import { FormAlert } from "@/lib/ui/form-alert";

/** What /reset-password shows for a link that no longer works, with the way to a new one. */
export function ResetLinkInvalid() {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {RESET_LINK_INVALID_MESSAGE}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild className="w-full sm:w-auto">
          <Link href={FORGOT_PASSWORD_PATH}>Request a new link</Link>
        </Button>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link href="/login">Back to sign in</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * /reset-password?token=…: the new password, typed twice, checked by the
 * server against the password policy. Success leads to the sign-in page,
 * which says the password has changed.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm<ResetPasswordFormInput, unknown, ResetPasswordFormOutput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirm: "" },
  });
  const [error, setError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const router = useRouter();
  const busy = form.formState.isSubmitting || leaving;

  const onValid = async ({ password }: ResetPasswordFormOutput) => {
    setError(null);
    const { error: resetError } = await authClient.resetPassword({ newPassword: password, token });
    if (resetError?.code === "INVALID_TOKEN") {
      setLinkInvalid(true);
      return;
    }
    const result = authResult(resetError);
    if (!result.ok) {
      setError(result.message ?? "Something went wrong. Please try again.");
      return;
    }
    setLeaving(true);
    router.push("/login?reset=1");
  };
  const onInvalid = (errors: FieldErrors<ResetPasswordFormInput>) => setError(firstFormProblem(errors, ["password", "confirm"]));

  if (linkInvalid) return <ResetLinkInvalid />;

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4" aria-label="Choose a new password">
      <NewPasswordField id="new-password" label="New password" autoFocus {...form.register("password")} />
      <InputField id="confirm-password" label="Type it again" type="password" autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} required {...form.register("confirm")} />
      <FormAlert>{error}</FormAlert>
      <SubmitButton className="w-full" busy={busy} busyLabel="Saving...">
        Save new password
      </SubmitButton>
      <p className="text-xs text-slate-600">Saving it signs your account out everywhere, this browser included; then you sign in with the new password.</p>
    </form>
  );
}

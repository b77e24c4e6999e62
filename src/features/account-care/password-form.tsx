"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { InputField, Label } from "@/lib/ui/input";
import { SubmitWithOutcome, useProfileSend } from "./form-message";

/**
 * "Password": the current one and a new one through better-auth's
 * /change-password; the server's password policy (its before hook) speaks
 * for itself. "Sign out of other devices" ends every other session.
 */
export function PasswordForm({ hint, minLength, maxLength }: { hint: string; minLength: number; maxLength: number }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [signOutOthers, setSignOutOthers] = useState(true);
  const { busy, outcome, send, done, fail } = useProfileSend();
  const router = useRouter();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) return fail("The new password and its repetition differ. Type the same password twice.");
    if (!(await send("POST", "/api/auth/change-password", { currentPassword: current, newPassword: next, revokeOtherSessions: signOutOthers }))) return;
    setCurrent("");
    setNext("");
    setConfirm("");
    done(signOutOthers ? "Your password is changed, and your other devices are signed out." : "Your password is changed.");
    router.refresh();
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Change password">
      <PasswordInput id="current-password" label="Current password" autoComplete="current-password" maxLength={maxLength} value={current} onChange={setCurrent} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordInput
          id="new-password"
          label="New password"
          autoComplete="new-password"
          minLength={minLength}
          maxLength={maxLength}
          aria-describedby="new-password-hint"
          value={next}
          onChange={setNext}
        />
        <PasswordInput id="confirm-new-password" label="Type it again" autoComplete="new-password" maxLength={maxLength} value={confirm} onChange={setConfirm} />
      </div>
      <p id="new-password-hint" className="text-xs text-slate-600">
        {hint}
      </p>
      <div className="flex items-start gap-2">
        <input id="sign-out-others" type="checkbox" className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700" checked={signOutOthers} onChange={(e) => setSignOutOthers(e.target.checked)} />
        <Label htmlFor="sign-out-others" className="font-normal">
          Sign out of other devices
        </Label>
      </div>
      <SubmitWithOutcome outcome={outcome} busy={busy} busyLabel="Saving...">
        Change password
      </SubmitWithOutcome>
    </form>
  );
}

/** A required password input whose value the form holds. */
function PasswordInput({ onChange, ...props }: Omit<React.ComponentProps<typeof InputField>, "type" | "required" | "onChange"> & { value: string; onChange: (value: string) => void }) {
  return <InputField type="password" required onChange={(e) => onChange(e.target.value)} {...props} />;
}

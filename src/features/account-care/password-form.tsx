"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { FormMessage } from "./form-message";
import { sendJson } from "./send-json";

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
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const router = useRouter();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    if (next !== confirm) return setOutcome({ ok: false, text: "The new password and its repetition differ. Type the same password twice." });
    setBusy(true);
    const result = await sendJson("POST", "/api/auth/change-password", { currentPassword: current, newPassword: next, revokeOtherSessions: signOutOthers });
    setBusy(false);
    if (!result.ok) return setOutcome({ ok: false, text: result.message });
    setCurrent("");
    setNext("");
    setConfirm("");
    setOutcome({ ok: true, text: signOutOthers ? "Your password is changed, and your other devices are signed out." : "Your password is changed." });
    router.refresh();
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Change password">
      <div className="space-y-1.5">
        <Label htmlFor="current-password">Current password</Label>
        <Input id="current-password" type="password" autoComplete="current-password" maxLength={maxLength} required value={current} onChange={(e) => setCurrent(e.target.value)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="new-password">New password</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            minLength={minLength}
            maxLength={maxLength}
            required
            aria-describedby="new-password-hint"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="confirm-new-password">Type it again</Label>
          <Input id="confirm-new-password" type="password" autoComplete="new-password" maxLength={maxLength} required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </div>
      </div>
      <p id="new-password-hint" className="text-xs text-slate-600">
        {hint}
      </p>
      <div className="flex items-start gap-2">
        <input
          id="sign-out-others"
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
          checked={signOutOthers}
          onChange={(e) => setSignOutOthers(e.target.checked)}
        />
        <Label htmlFor="sign-out-others" className="font-normal">
          Sign out of other devices
        </Label>
      </div>
      <FormMessage outcome={outcome} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Change password"}
      </Button>
    </form>
  );
}

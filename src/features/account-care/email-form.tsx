"use client";
import { useState, type FormEvent } from "react";
import { InputField } from "@/lib/ui/input";
import { SubmitWithOutcome, useProfileSend } from "./form-message";
import { CHANGE_EMAIL_CALLBACK } from "./change-email-link";

/**
 * "E-mail address": better-auth's /change-email. The new address gets a link
 * that makes the change; the current one gets a notice (auth.server.ts,
 * user.changeEmail). Nothing changes until the link is followed.
 */
export function EmailForm({ email, verified, initialOutcome }: { email: string; verified: boolean; initialOutcome: { ok: boolean; text: string } | null }) {
  const [newEmail, setNewEmail] = useState("");
  const { busy, outcome, send, done, fail } = useProfileSend(initialOutcome);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = newEmail.trim();
    if (wanted.toLowerCase() === email.toLowerCase()) return fail("That is already your e-mail address.");
    if (!(await send("POST", "/api/auth/change-email", { newEmail: wanted, callbackURL: CHANGE_EMAIL_CALLBACK }))) return;
    setNewEmail("");
    done(`We sent a link to ${wanted}. Your address changes when you follow it (within 1 hour).${verified ? ` We also let ${email} know.` : ""}`);
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Change e-mail address">
      <p className="text-sm text-slate-700">
        Your login&apos;s address is <strong className="break-all">{email}</strong>.
      </p>
      <InputField id="new-email" label="New e-mail address" type="email" autoComplete="email" required maxLength={254} value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
      <SubmitWithOutcome outcome={outcome} busy={busy} busyLabel="Sending...">
        Send confirmation link
      </SubmitWithOutcome>
    </form>
  );
}

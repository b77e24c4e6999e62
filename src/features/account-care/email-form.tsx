"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { FormMessage } from "./form-message";
import { sendJson } from "./send-json";
import { CHANGE_EMAIL_CALLBACK } from "./change-email-link";

/**
 * "E-mail address": better-auth's /change-email. The new address gets a link
 * that makes the change; the current one gets a notice (auth.server.ts,
 * user.changeEmail). Nothing changes until the link is followed.
 */
export function EmailForm({ email, verified, initialOutcome }: { email: string; verified: boolean; initialOutcome: { ok: boolean; text: string } | null }) {
  const [newEmail, setNewEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState(initialOutcome);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    const wanted = newEmail.trim();
    if (wanted.toLowerCase() === email.toLowerCase()) return setOutcome({ ok: false, text: "That is already your e-mail address." });
    setBusy(true);
    const result = await sendJson("POST", "/api/auth/change-email", { newEmail: wanted, callbackURL: CHANGE_EMAIL_CALLBACK });
    setBusy(false);
    if (!result.ok) return setOutcome({ ok: false, text: result.message });
    setNewEmail("");
    setOutcome({ ok: true, text: `We sent a link to ${wanted}. Your address changes when you follow it (within 1 hour).${verified ? ` We also let ${email} know.` : ""}` });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Change e-mail address">
      <p className="text-sm text-slate-700">
        Your login&apos;s address is <strong className="break-all">{email}</strong>.
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="new-email">New e-mail address</Label>
        <Input id="new-email" type="email" autoComplete="email" required maxLength={254} value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
      </div>
      <FormMessage outcome={outcome} />
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Send confirmation link"}
      </Button>
    </form>
  );
}

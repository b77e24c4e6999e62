"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { InputField } from "@/lib/ui/input";
import { SubmitWithOutcome, useProfileSend } from "./form-message";

/**
 * "Your name": first and last name through better-auth's /update-user (its
 * before hook trims and bounds them). `name` follows them, as at sign-up.
 */
export function NameForm({ firstName, lastName, email, maxLength }: { firstName: string; lastName: string; email: string; maxLength: number }) {
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const { busy, outcome, send, done } = useProfileSend();
  const router = useRouter();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = [first.trim(), last.trim()].filter(Boolean).join(" ") || email;
    if (!(await send("POST", "/api/auth/update-user", { firstName: first.trim() || null, lastName: last.trim() || null, name }))) return;
    done("Your name is saved.");
    router.refresh();
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Your name">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id="profile-first-name" label="First name" autoComplete="given-name" maxLength={maxLength} value={first} onChange={(e) => setFirst(e.target.value)} />
        <InputField id="profile-last-name" label="Last name" autoComplete="family-name" maxLength={maxLength} value={last} onChange={(e) => setLast(e.target.value)} />
      </div>
      <SubmitWithOutcome outcome={outcome} busy={busy} busyLabel="Saving...">
        Save name
      </SubmitWithOutcome>
    </form>
  );
}

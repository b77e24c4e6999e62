"use client";
import { useState, type FormEvent } from "react";
import { SubmitButton } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { orgPost } from "./components/org-api";
import { switchAccount } from "./switch-account";

/**
 * "Start a business account" on the No access page: a login without an
 * account (removed from one, or invited and then declined) starts its own and
 * becomes its owner (better-auth's organization/create, then set-active).
 */
export function CreateAccountForm() {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError("Enter the business name.");
    setBusy(true);
    setError(null);
    const made = await orgPost<{ id: string }>("create", { name: name.trim(), slug: `account-${crypto.randomUUID()}` });
    if (!made.ok) {
      setBusy(false);
      return setError(made.message);
    }
    const problem = await switchAccount(made.data.id);
    if (problem) {
      setBusy(false);
      setError(problem);
    }
  };
  return (
    <form onSubmit={submit} className="mt-8 w-full space-y-3 text-left" aria-labelledby="start-account-heading" noValidate>
      <h2 id="start-account-heading" className="text-base font-semibold">
        Start a business account of your own
      </h2>
      <div className="space-y-1.5">
        <Label htmlFor="new-account-name">Business name</Label>
        <Input id="new-account-name" maxLength={120} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(error)} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <SubmitButton busy={busy} busyLabel="Starting...">
        Start business account
      </SubmitButton>
    </form>
  );
}

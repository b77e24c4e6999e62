"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { FormMessage } from "./form-message";
import { sendJson } from "./send-json";

/**
 * "Your name": first and last name through better-auth's /update-user (its
 * before hook trims and bounds them). `name` follows them, as at sign-up.
 */
export function NameForm({ firstName, lastName, email, maxLength }: { firstName: string; lastName: string; email: string; maxLength: number }) {
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const router = useRouter();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    const name = [first.trim(), last.trim()].filter(Boolean).join(" ") || email;
    const result = await sendJson("POST", "/api/auth/update-user", { firstName: first.trim() || null, lastName: last.trim() || null, name });
    setBusy(false);
    if (!result.ok) return setOutcome({ ok: false, text: result.message });
    setOutcome({ ok: true, text: "Your name is saved." });
    router.refresh();
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Your name">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="profile-first-name">First name</Label>
          <Input id="profile-first-name" autoComplete="given-name" maxLength={maxLength} value={first} onChange={(e) => setFirst(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="profile-last-name">Last name</Label>
          <Input id="profile-last-name" autoComplete="family-name" maxLength={maxLength} value={last} onChange={(e) => setLast(e.target.value)} />
        </div>
      </div>
      <FormMessage outcome={outcome} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save name"}
      </Button>
    </form>
  );
}

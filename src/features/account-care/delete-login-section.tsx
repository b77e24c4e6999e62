"use client";
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { Button } from "@/lib/ui/button";
import { InputField, Label } from "@/lib/ui/input";
import { FormMessage, useProfileSend } from "./form-message";

/**
 * "Delete my login" (issue 22): better-auth's /delete-user, whose
 * beforeDelete (login-deletion.server.ts) refuses the last owner of an
 * account with other members and deletes an account the user is alone in.
 * The page passes the refusal it would give, so the form is not offered then.
 */
export function DeleteLoginSection({ refusal, soleAccounts, hasPassword }: { refusal: string | null; soleAccounts: string[]; hasPassword: boolean }) {
  const [password, setPassword] = useState("");
  const [understood, setUnderstood] = useState(false);
  const { busy, outcome, send } = useProfileSend();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await send("POST", "/api/auth/delete-user", hasPassword ? { password } : {}))) return;
    // The login and its sessions are gone: a full load of the home page, so nothing signed-in stays cached.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/");
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Deleting your login removes your name, e-mail address, password and sessions, and ends your membership of every business account. It cannot be undone. Accounts you share with others go on
        without you; the last owner of an account that has other members must first make another member an owner or delete the account.
      </p>
      {soleAccounts.length > 0 ? (
        <p className="text-sm text-slate-700">
          You are the only member of <strong>{soleAccounts.join(", ")}</strong>: deleting your login deletes {soleAccounts.length === 1 ? "that account" : "those accounts"} too. Subscriptions are
          cancelled, invoices are kept and calls are anonymised.
        </p>
      ) : null}
      {refusal ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>{refusal}</p>
          <p>
            <Link href="/account" className="font-semibold underline underline-offset-2">
              Go to the Account page
            </Link>
          </p>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-label="Delete my login">
          {hasPassword ? (
            <InputField id="delete-login-password" label="Your password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          ) : (
            <p className="text-sm text-slate-700">You sign in through your organisation: if you signed in more than a day ago, sign out and in again first.</p>
          )}
          <div className="flex items-start gap-2">
            <input
              id="delete-login-understood"
              type="checkbox"
              required
              className="mt-0.5 size-4 rounded border-slate-300 accent-red-700"
              checked={understood}
              onChange={(e) => setUnderstood(e.target.checked)}
            />
            <Label htmlFor="delete-login-understood" className="font-normal">
              I understand that my login is deleted for good.
            </Label>
          </div>
          <FormMessage outcome={outcome} />
          <Button type="submit" variant="destructive" disabled={busy || !understood}>
            {busy ? "Deleting..." : "Delete my login"}
          </Button>
        </form>
      )}
    </div>
  );
}

"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { FormMessage } from "./form-message";
import { sendJson } from "./send-json";
import { accountNameConfirmationProblem } from "./delete-account-confirmation";

/**
 * "Delete business account", for members holding account.delete (owners):
 * DELETE /api/account with the account's name typed. The /account page
 * includes it; /profile shows it too under "Business account".
 */
export function DeleteAccountSection({ accountName, afterDelete = "/profile?account=deleted" }: { accountName: string; afterDelete?: string }) {
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    const problem = accountNameConfirmationProblem(accountName, typed);
    if (problem) return setOutcome({ ok: false, text: problem });
    setBusy(true);
    const result = await sendJson("DELETE", "/api/account", { confirm: typed });
    if (!result.ok) {
      setBusy(false);
      return setOutcome({ ok: false, text: result.message });
    }
    // Nobody is a member any more: a full load, so every cached view of the account goes.
    window.location.assign(afterDelete);
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Delete business account">
      <p className="text-sm text-slate-700">
        Deleting <strong>{accountName}</strong> ends every member&apos;s access at once, cancels its subscriptions (they end with the current period and do not
        renew), anonymises its calls and messages, and keeps its invoices, as the law requires. It cannot be undone.
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="delete-account-name">Type the account&apos;s name to confirm</Label>
        <Input id="delete-account-name" autoComplete="off" required value={typed} onChange={(e) => setTyped(e.target.value)} aria-describedby="delete-account-name-hint" />
        <p id="delete-account-name-hint" className="text-xs text-slate-600">
          {accountName}
        </p>
      </div>
      <FormMessage outcome={outcome} />
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? "Deleting..." : "Delete business account"}
      </Button>
    </form>
  );
}

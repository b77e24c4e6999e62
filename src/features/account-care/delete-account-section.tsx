"use client";
import { useState, type FormEvent } from "react";
import { InputField } from "@/lib/ui/input";
import { SubmitWithOutcome, useProfileSend } from "./form-message";
import { accountNameConfirmationProblem } from "./delete-account-confirmation";

/**
 * "Delete business account", for members holding account.delete (owners):
 * DELETE /api/account with the account's name typed. The /account page
 * includes it; /profile shows it too under "Business account".
 */
export function DeleteAccountSection({ accountName, afterDelete = "/profile?account=deleted" }: { accountName: string; afterDelete?: string }) {
  const [typed, setTyped] = useState("");
  const { busy, outcome, send, fail } = useProfileSend();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = accountNameConfirmationProblem(accountName, typed);
    if (problem) return fail(problem);
    if (!(await send("DELETE", "/api/account", { confirm: typed }))) return;
    // Nobody is a member any more: a full load, so every cached view of the account goes.
    window.location.assign(afterDelete);
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Delete business account">
      <p className="text-sm text-slate-700">
        Deleting <strong>{accountName}</strong> ends every member&apos;s access at once, cancels its subscriptions (they end with the current period and do not renew), anonymises its calls and
        messages, and keeps its invoices, as the law requires. It cannot be undone.
      </p>
      <InputField
        id="delete-account-name"
        label={<>Type the account&apos;s name to confirm</>}
        hint={accountName}
        autoComplete="off"
        required
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <SubmitWithOutcome outcome={outcome} variant="destructive" busy={busy} busyLabel="Deleting...">
        Delete business account
      </SubmitWithOutcome>
    </form>
  );
}

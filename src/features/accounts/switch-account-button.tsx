"use client";
import { useState } from "react";
import { switchAccount } from "./switch-account";

/** Makes another of the user's business accounts the active one, then reloads on the dashboard. */
export function SwitchAccountButton({ accountId, name }: { accountId: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        className="w-full rounded-md border border-slate-300 px-4 py-2 text-left font-medium hover:bg-slate-50 disabled:opacity-60"
        onClick={async () => {
          setBusy(true);
          const problem = await switchAccount(accountId);
          if (problem) {
            setError(problem);
            setBusy(false);
          }
        }}
      >
        Switch to {name}
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { apiPath } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { FormMessage } from "./form-message";
import { sendJson } from "./send-json";
import type { SessionView } from "./session-view";

/**
 * "Sessions": where the login is signed in (device, address, last used),
 * this device first. "Sign out" ends one other session (DELETE
 * /api/sessions/<id>: better-auth's list answers carry no tokens, ADR 0104);
 * "Sign out everywhere else" is better-auth's /revoke-other-sessions.
 */
export function SessionsList({ sessions, timeZone }: { sessions: SessionView[]; timeZone: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const router = useRouter();
  const others = sessions.filter((s) => !s.current).length;

  const run = async (key: string, call: () => ReturnType<typeof sendJson>, done: string) => {
    setBusy(key);
    setOutcome(null);
    const result = await call();
    setBusy(null);
    if (!result.ok) return setOutcome({ ok: false, text: result.message });
    setOutcome({ ok: true, text: done });
    router.refresh();
  };

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {s.device}
                {s.current ? <Badge variant="green">This device</Badge> : null}
              </p>
              <p className="text-sm text-slate-700">
                {s.address ? <span className="break-all">{s.address} · </span> : null}
                Last used {formatDateTime(s.lastUsedAt, { timeZone })} ({timeZone})
              </p>
            </div>
            {s.current ? null : (
              <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => run(s.id, () => sendJson("DELETE", apiPath`/api/sessions/${s.id}`), `Signed out ${s.device}.`)}>
                {busy === s.id ? "Signing out..." : "Sign out"}
                <span className="sr-only">
                  {" "}
                  {s.device}, last used {formatDateTime(s.lastUsedAt, { timeZone })}
                </span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <FormMessage outcome={outcome} />
      {others > 0 ? (
        <Button variant="outline" disabled={busy !== null} onClick={() => run("others", () => sendJson("POST", "/api/auth/revoke-other-sessions", {}), "Signed out everywhere else.")}>
          {busy === "others" ? "Signing out..." : "Sign out everywhere else"}
        </Button>
      ) : (
        <p className="text-sm text-slate-700">You are signed in on this device only.</p>
      )}
    </div>
  );
}

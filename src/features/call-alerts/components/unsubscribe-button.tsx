"use client";

import { useRef, useState } from "react";
import { Button } from "@/lib/ui/button";
import { UNSUBSCRIBED } from "../unsubscribe-text";

/**
 * The unsubscribe page's button: the same one-click POST a mail client makes
 * (RFC 8058). Without JavaScript the form posts itself and the answer is the
 * plain text "You are unsubscribed."
 */
export function UnsubscribeButton({ action }: { action: string }) {
  const [state, setState] = useState<"idle" | "busy" | "done" | "failed">("idle");
  const statusRef = useRef<HTMLParagraphElement>(null);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setState("busy");
    try {
      const res = await fetch(action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body: "List-Unsubscribe=One-Click" });
      setState(res.ok ? "done" : "failed");
    } catch {
      setState("failed");
    }
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  if (state === "done") {
    return (
      <p ref={statusRef} tabIndex={-1} role="status" className="mt-8 text-lg font-semibold text-emerald-800">
        {UNSUBSCRIBED}
      </p>
    );
  }
  return (
    <form method="post" action={action} onSubmit={submit} className="mt-8 flex flex-col items-center gap-3">
      <input type="hidden" name="List-Unsubscribe" value="One-Click" />
      <Button type="submit" disabled={state === "busy"}>
        Unsubscribe
      </Button>
      {state === "failed" ? (
        <p ref={statusRef} tabIndex={-1} role="alert" className="text-red-800">
          That did not work. Please try again in a moment.
        </p>
      ) : null}
    </form>
  );
}

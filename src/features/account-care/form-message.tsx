import { useState } from "react";
import { SubmitButton } from "@/lib/ui/button";
import { FormAlert, FormStatus } from "@/lib/ui/form-alert";
import { sendJson } from "./send-json";

type Outcome = { ok: boolean; text: string };

/** A form's outcome, announced to screen readers: a problem (alert) or a confirmation (status). */
export function FormMessage({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return outcome.ok ? <FormStatus className="border-green-200 bg-green-50 text-green-900">{outcome.text}</FormStatus> : <FormAlert>{outcome.text}</FormAlert>;
}

/** A profile form's end: its outcome, then its submit button (disabled and labelled `busyLabel` while busy). */
export function SubmitWithOutcome({ outcome, ...button }: { outcome: Outcome | null } & React.ComponentProps<typeof SubmitButton>) {
  return (
    <>
      <FormMessage outcome={outcome} />
      <SubmitButton {...button} />
    </>
  );
}

/**
 * A profile form's busy state and outcome around sendJson. `send` clears the
 * outcome and is busy until the answer; a failure shows the server's message
 * and gives false. After a success the form stays busy until `done` says what
 * happened (or the page is left). `fail` shows a problem found before sending.
 */
export function useProfileSend(initialOutcome: Outcome | null = null) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState(initialOutcome);
  const send = async (...args: Parameters<typeof sendJson>): Promise<boolean> => {
    setOutcome(null);
    setBusy(true);
    const result = await sendJson(...args);
    if (!result.ok) {
      setBusy(false);
      setOutcome({ ok: false, text: result.message });
    }
    return result.ok;
  };
  const done = (text: string) => {
    setBusy(false);
    setOutcome({ ok: true, text });
  };
  return { busy, outcome, send, done, fail: (text: string) => setOutcome({ ok: false, text }) };
}

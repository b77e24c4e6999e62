"use client";
import { useEffect, useId, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import { Button } from "@/lib/ui/button";

export type ShownSecret = { endpointUrl: string; secret: string; reason: "created" | "rotated" };

/**
 * The signing secret, shown once after "Save endpoint" or "Rotate secret":
 * the API never answers it again. Focus moves here so a keyboard or screen
 * reader user finds it at once.
 */
export function SigningSecret({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  useEffect(() => ref.current?.focus(), [shown.secret]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Signing secret
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        {shown.reason === "created" ? (
          <>
            Your receiver at <span className="break-all font-medium">{shown.endpointUrl}</span> checks each delivery&apos;s signature with this secret.
          </>
        ) : (
          <>
            The new secret for <span className="break-all font-medium">{shown.endpointUrl}</span>. The old secret keeps working for 24 hours.
          </>
        )}
      </p>
      <p className="mt-3 break-all rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900" data-testid="signing-secret">
        {shown.secret}
      </p>
      <p className="mt-2 text-sm font-medium text-amber-950">Copy it now: it is not shown again.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied === "yes" ? <Check aria-hidden /> : <Copy aria-hidden />}
          Copy
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          I have copied it
        </Button>
        <span aria-live="polite" className="text-sm text-slate-800">
          {copied === "yes" ? "Copied." : copied === "failed" ? "Could not copy: select the secret and copy it yourself." : ""}
        </span>
      </div>
    </section>
  );
}

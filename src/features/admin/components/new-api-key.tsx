"use client";
import { useEffect, useState } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";

export const SHOWN_ONCE = "Copy this key now: it will not be shown again.";

/** The key just created, in a read-only field with a Copy button; it takes the focus so a keyboard user lands on it. */
export function NewApiKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const field = () => document.getElementById("new-api-key") as HTMLInputElement | null;
  const [copied, setCopied] = useState<"" | "Copied to the clipboard." | "Could not copy: select the key and copy it yourself.">("");
  useEffect(() => {
    field()?.focus();
    field()?.select();
  }, []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied("Copied to the clipboard.");
    } catch {
      field()?.select();
      setCopied("Could not copy: select the key and copy it yourself.");
    }
  }
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="new-api-key">
      <p className="font-semibold text-amber-950">Key “{name}” created.</p>
      <p className="mt-1 text-sm text-amber-950">{SHOWN_ONCE}</p>
      <Label htmlFor="new-api-key" className="mt-3 block">
        API key
      </Label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <Input id="new-api-key" readOnly value={apiKey} className="font-mono" spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden /> Copy
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      <p className="mt-2 min-h-5 text-sm text-amber-950" role="status">
        {copied}
      </p>
    </div>
  );
}

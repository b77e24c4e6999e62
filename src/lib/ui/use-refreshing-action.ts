"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { errorMessage } from "@/lib/api-client";
import { toast, type ToastInput } from "./toaster";

type RefreshingAction = {
  /** Which action this is, for `busy` (a component with one action leaves it out). */
  key?: string;
  /** The request; a rejection is the failure. */
  send: () => Promise<unknown>;
  /** The toast when it worked. */
  done: ToastInput;
  /** The failure toast's title, and its text when the error has no message. */
  failed: { title: string; fallback: string };
};

/**
 * A button's request that changes the page's server-rendered data: `busy` is
 * the action running (null: none); `run` sends it, then toasts `done` and
 * refreshes the page, or toasts the failure with the error's message.
 */
export function useRefreshingAction() {
  const router = useRouter();
  const [busy, setBusy] = React.useState<string | null>(null);
  async function run({ key = "", send, done, failed }: RefreshingAction) {
    setBusy(key);
    try {
      await send();
      toast(done);
      router.refresh();
    } catch (error) {
      toast({ title: failed.title, description: errorMessage(error, failed.fallback), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

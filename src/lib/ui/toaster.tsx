"use client";
import { useEffect, useState, type ComponentType } from "react";

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };

type Loaded = { SonnerToaster: ComponentType<{ onReady: () => void }>; showToast: (t: ToastInput) => void };

/**
 * Toasts (sonner) are loaded with the first toast, not with every page: most
 * public pages never show one, so their readers do not download it (issue 12).
 * `toast()` keeps what it is asked until the Toaster has loaded and listens.
 */
let loaded: Loaded | null = null;
let waiting: ToastInput[] = [];
let wake: (() => void) | null = null;

/** One toast at a time: a new toast replaces the current one. */
export function toast(input: ToastInput): void {
  if (loaded && !waiting.length) return loaded.showToast(input);
  waiting.push(input);
  wake?.();
}

function flush() {
  const queued = waiting;
  waiting = [];
  for (const t of queued) loaded?.showToast(t);
}

/** Mounted once in the root layout; renders nothing until the first toast. */
export function Toaster() {
  const [ready, setReady] = useState<Loaded | null>(loaded);
  useEffect(() => {
    const load = () =>
      import("./sonner-toaster").then((m) => {
        loaded = m;
        setReady(m);
      });
    if (waiting.length) void load();
    else wake = () => void load();
    return () => {
      wake = null;
    };
  }, []);
  return ready ? <ready.SonnerToaster onReady={flush} /> : null;
}

"use client";
import { useEffect } from "react";
import { Toaster as Sonner, toast as sonnerToast } from "sonner";
import type { ToastInput } from "./toaster";

/** Shows a toast; one at a time: a new toast replaces the current one. */
export function showToast({ title, description, variant = "default" }: ToastInput) {
  sonnerToast.dismiss();
  if (variant === "destructive") sonnerToast.error(title, { description });
  else sonnerToast(title, { description });
}

/** Toasts: one at a time, 5000 ms (spec 9), colours with AA contrast. */
export function SonnerToaster({ onReady }: { onReady: () => void }) {
  // Toasts asked for before sonner loaded are shown once its Toaster listens.
  useEffect(onReady, [onReady]);
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="bottom-right"
      closeButton
      toastOptions={{
        unstyled: false,
        classNames: {
          toast: "!bg-white !text-slate-900 !border !border-slate-300 !shadow-lg",
          title: "!text-slate-950 !font-semibold",
          description: "!text-slate-700",
          error: "!bg-red-50 !border-red-300 [&_[data-title]]:!text-red-900 [&_[data-description]]:!text-red-900",
          closeButton: "!bg-white !text-slate-800 !border-slate-300",
        },
      }}
    />
  );
}

"use client";
import { Toaster as Sonner, toast as sonnerToast } from "sonner";

/** Toasts: one at a time, 5000 ms (spec 9), colours with AA contrast. */
export function Toaster() {
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

type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };

/** One toast at a time: a new toast replaces the current one. */
export function toast({ title, description, variant = "default" }: ToastInput) {
  sonnerToast.dismiss();
  if (variant === "destructive") return sonnerToast.error(title, { description });
  return sonnerToast(title, { description });
}

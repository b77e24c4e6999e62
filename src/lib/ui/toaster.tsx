"use client";
import { Toaster as Sonner, toast as sonnerToast } from "sonner";

/** Toasts: one at a time, 5000 ms (spec 9). */
export function Toaster() {
  return <Sonner visibleToasts={1} duration={5000} position="bottom-right" closeButton richColors />;
}

type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };

/** One toast at a time: a new toast replaces the current one. */
export function toast({ title, description, variant = "default" }: ToastInput) {
  sonnerToast.dismiss();
  if (variant === "destructive") return sonnerToast.error(title, { description });
  return sonnerToast(title, { description });
}

"use client";
import { errorMessage, isUnauthorizedError } from "./api-client";
import { toast } from "./ui/toaster";

/**
 * A failed call's toast: `title` ('Error') with the server's message or the
 * fallback. A 401 shows nothing here: the QueryCache/MutationCache handler
 * (makeQueryClient) owns it (toast and redirect from the call's meta).
 */
export function showApiError(error: unknown, fallback: string, title = "Error"): void {
  if (isUnauthorizedError(error)) return;
  toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}

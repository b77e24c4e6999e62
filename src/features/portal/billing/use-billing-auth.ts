"use client";
import { useEffect } from "react";
import { isUnauthorizedError } from "@/lib/api-client";
import { toast } from "@/lib/ui/toaster";
import { fullNavigate, loginUrl } from "../navigate";

let redirecting = false;

/**
 * A billing query answered 401 (the session ended while the page was open):
 * the spec's billing toast, then /api/login after 1000 ms. Once per page.
 */
export function useBillingAuth(error: unknown): void {
  useEffect(() => {
    if (redirecting || !isUnauthorizedError(error)) return;
    redirecting = true;
    toast({ title: "Authentication Required", description: "Please log in to access billing information", variant: "destructive" });
    fullNavigate(loginUrl("/billing"), 1000);
  }, [error]);
}

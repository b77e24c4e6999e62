"use client";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, isUnauthorizedError } from "@/lib/api-client";
import { toast } from "@/lib/ui/toaster";
import { invalidateBilling } from "../invalidate";
import { fullNavigate, loginUrl } from "../navigate";

function loginRedirect(returnTo: string, delayMs: number) {
  fullNavigate(loginUrl(returnTo), delayMs);
}

/** 'Manage Subscription' / 'Portal Dashboard': opens the provider's customer portal in a new tab. */
export function usePortalSession() {
  const [opening, setOpening] = useState(false);
  async function open() {
    // Open the tab synchronously (inside the click) so pop-up blockers allow it.
    const tab = window.open("", "_blank");
    setOpening(true);
    try {
      const res = await apiRequest("POST", "/api/create-portal-session", {});
      const { url } = (await res.json()) as { url?: string };
      if (!url) throw new Error("no portal url");
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, "_blank", "noopener");
      }
    } catch (error) {
      tab?.close();
      if (isUnauthorizedError(error)) {
        toast({ title: "Unauthorized", description: "Please log in to access billing portal", variant: "destructive" });
        loginRedirect("/billing", 1000);
        return;
      }
      toast({ title: "Error", description: "Failed to open customer portal", variant: "destructive" });
    } finally {
      setOpening(false);
    }
  }
  return { open, opening };
}

/** 'Cancel Subscription': cancel at period end, then refresh what the page shows. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscriptionId: string) => {
      await apiRequest("POST", "/api/cancel-subscription", { subscriptionId });
    },
    onSuccess: async () => {
      toast({ title: "Subscription Cancelled", description: "Your subscription will be cancelled at the end of the current billing period." });
      await invalidateBilling(queryClient);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
        loginRedirect("/billing", 500);
        return;
      }
      toast({ title: "Error", description: "Failed to cancel subscription", variant: "destructive" });
    },
  });
}

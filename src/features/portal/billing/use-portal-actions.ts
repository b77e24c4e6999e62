"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiPath, errorMessage, isUnauthorizedError } from "@/lib/api-client";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { toast } from "@/lib/ui/toaster";
import { invalidateBilling } from "../invalidate";

/** 'Manage Subscription' / 'Portal Dashboard': opens the provider's customer portal in a new tab. */
export function usePortalSession() {
  const session = useMutation({
    mutationFn: () => api.post<{ url?: string } | undefined>("/api/create-portal-session", {}),
    // A 401 (handled by the MutationCache): this toast, then login after 1000 ms.
    meta: { unauthorized: { title: "Unauthorized", description: "Please log in to access billing portal", delayMs: 1000, returnTo: "/billing" } },
  });
  async function open() {
    // Open the tab synchronously (inside the click) so pop-up blockers allow it.
    const tab = window.open("", "_blank");
    try {
      const { url } = (await session.mutateAsync()) ?? {};
      if (!url) throw new Error("no portal url");
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, "_blank", "noopener");
      }
    } catch (error) {
      tab?.close();
      if (isUnauthorizedError(error)) return; // the MutationCache handler toasts and redirects
      toast({ title: "Error", description: "Failed to open customer portal", variant: "destructive" });
    }
  }
  return { open, opening: session.isPending };
}

/** 'Cancel subscription' in the confirmation dialog: cancel at period end (with the optional reason), then refresh what the page shows. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ subscriptionId, reason }: { subscriptionId: string; reason: string }) => {
      await api.post("/api/cancel-subscription", { subscriptionId, reason: reason.trim() || null });
    },
    // A 401 (handled by the MutationCache): 'You are logged out. Logging in again...', login after 500 ms.
    meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/billing" } },
    onSuccess: async () => {
      toast({ title: "Subscription Cancelled", description: "Your subscription will be cancelled at the end of the current billing period." });
      await invalidateBilling(queryClient);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return; // handled by the MutationCache
      toast({ title: "Error", description: "Failed to cancel subscription", variant: "destructive" });
    },
  });
}

/** 'Resume subscription': undoes a cancellation before the period ends (issue 23). */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscriptionId: string) => {
      await api.post(apiPath`/api/subscriptions/${subscriptionId}/resume`, {});
    },
    meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/billing" } },
    onSuccess: async () => {
      toast({ title: "Subscription Resumed", description: "Your subscription will continue and renew as before." });
      await invalidateBilling(queryClient);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: errorMessage(error, "Failed to resume subscription"), variant: "destructive" });
    },
  });
}

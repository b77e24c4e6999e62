"use client";
import { apiRequest, errorMessage, isUnauthorizedError, throwIfResNotOk } from "@/lib/api-client";
import { toast } from "@/lib/ui/toaster";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import type { SubscriptionPeriodResponse } from "../usage.schema";

export const ADMIN_SUBSCRIPTIONS_KEY = ["/api/admin/subscriptions"] as const;

/** GET with a query string (the default query function joins the key with '/'). */
export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: "include" });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

export function subscriptionPeriodQuery(subscriptionId: string) {
  return {
    queryKey: ["/api/admin/subscription-period", subscriptionId] as const,
    queryFn: () => getJson<SubscriptionPeriodResponse>(`/api/admin/subscription-period?subscriptionId=${encodeURIComponent(subscriptionId)}`),
  };
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await apiRequest("POST", url, body);
  return (await res.json()) as T;
}

/** Active and trialing subscriptions (the ones usage and overage apply to). */
export function isLive(s: AdminSubscription): boolean {
  return s.status === "active" || s.status === "trialing";
}

/**
 * Shows an admin action's error: a 401 says the session ended and goes to the
 * login after 500 ms (spec 8); anything else shows the server message or the fallback.
 */
export function showAdminError(error: unknown, fallback: string, title = "Error"): void {
  if (isUnauthorizedError(error)) {
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    // /api/login is a server redirect (possibly to an outside issuer): a full navigation.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    setTimeout(() => window.location.assign(`/api/login?returnTo=${encodeURIComponent(window.location.pathname)}`), 500);
    return;
  }
  toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}

const dateFmt = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFmt.format(new Date(iso)) : "—";
}

export function displayName(s: AdminSubscription): string {
  const name = [s.user.firstName, s.user.lastName].filter(Boolean).join(" ");
  return name || s.user.email;
}

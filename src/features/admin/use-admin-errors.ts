"use client";
import { errorMessage, isUnauthorizedError } from "@/lib/api-client";
import { toast } from "@/lib/ui/toaster";

export const LOGGED_OUT = { title: "Unauthorized", description: "You are logged out. Logging in again..." } as const;
export const SESSION_EXPIRED = { title: "Unauthorized", description: "Your session has expired. Please log in again." } as const;

/** Toast then a full navigation to /api/login after 500 ms (spec 8, 9). */
export function redirectToLogin(notice: { title: string; description: string } = LOGGED_OUT): void {
  toast({ ...notice, variant: "destructive" });
  setTimeout(() => {
    // /api/login is a server redirect (possibly to an outside issuer): a full navigation.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/api/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, 500);
}

/**
 * The admin console's error toast: a 401 says the session ended and goes to
 * login; anything else shows 'Error' with the server's message or the fallback.
 */
export function showAdminError(error: unknown, fallback: string, unauthorized: { title: string; description: string } = LOGGED_OUT): void {
  if (isUnauthorizedError(error)) {
    redirectToLogin(unauthorized);
    return;
  }
  toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
}

"use client";
import type { AppMeta } from "@/lib/unauthorized";

/**
 * Create-order's 401 (spec 8): 'Your session has expired. Please log in again.',
 * login after 500 ms. Other admin calls use the default ('You are logged out.
 * Logging in again...'); the QueryCache/MutationCache handler does both.
 */
export const SESSION_EXPIRED_META = {
  unauthorized: { title: "Unauthorized", description: "Your session has expired. Please log in again.", delayMs: 500 },
} as const satisfies AppMeta;

/**
 * The admin console's error toast: 'Error' with the server's message or the
 * fallback. A 401 is left to the MutationCache handler (toast and login).
 */
export { showApiError as showAdminError } from "@/lib/api-error-toast";

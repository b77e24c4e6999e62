import type { AppMeta } from "@/lib/unauthorized";

/**
 * The billing page's queries answer 401 (the session ended while the page was
 * open): the spec's billing toast, then /api/login after 1000 ms. Handled once
 * per page by the QueryCache handler (makeQueryClient); every billing query
 * carries this meta.
 */
export const BILLING_AUTH_META = {
  unauthorized: { title: "Authentication Required", description: "Please log in to access billing information", delayMs: 1000, returnTo: "/billing" },
} as const satisfies AppMeta;

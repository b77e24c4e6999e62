import type { QueryClient } from "@tanstack/react-query";

/** Everything the portal pages show about a customer's billing; refreshed after a change. */
export const BILLING_QUERY_KEYS = ["/api/auth/user", "/api/user-subscriptions", "/api/ai-ready-orders", "/api/billing-history", "/api/activity"] as const;

/** Marks the billing data stale (queries default to never stale), so the next page reads it afresh. */
export async function invalidateBilling(queryClient: QueryClient): Promise<void> {
  await Promise.all(BILLING_QUERY_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

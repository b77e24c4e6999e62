"use client";
import { api, withQuery } from "@/lib/api-client";
import { formatDate as formatLibDate } from "@/lib/format";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import type { SubscriptionPeriodResponse } from "../usage.schema";
import { COUNTING_STATUSES, isCounting } from "@/features/billing/subscription-state";

export const ADMIN_SUBSCRIPTIONS_KEY = ["/api/admin/subscriptions"] as const;

/** GET with a query string (the default query function joins the key with '/'). */
export async function getJson<T>(url: string): Promise<T> {
  return api.get<T>(url);
}

export function subscriptionPeriodQuery(subscriptionId: string) {
  return {
    queryKey: ["/api/admin/subscription-period", subscriptionId] as const,
    queryFn: () => getJson<SubscriptionPeriodResponse>(withQuery("/api/admin/subscription-period", { subscriptionId })),
  };
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  return api.post<T>(url, body);
}

/** The picker's status filter for GET /api/admin/subscriptions: the counting statuses, past due included. */
export const RECORDABLE_STATUS_FILTER = COUNTING_STATUSES.join(",");

/** The subscriptions usage may be recorded for: the server's rule (isCounting, subscription-state.ts), past due included. */
export function isRecordable(s: Pick<AdminSubscription, "status">): boolean {
  return isCounting(s.status);
}

/** The admin console's error toast (a 401 is left to the MutationCache handler). */
export { showApiError as showAdminError } from "@/lib/api-error-toast";

/** 'Nov 23, 2026' in UTC (@/lib/format); '—' when missing. */
export function formatDate(iso: string | null | undefined): string {
  return formatLibDate(iso, { empty: "—" });
}

export function displayName(s: AdminSubscription): string {
  const name = [s.user.firstName, s.user.lastName].filter(Boolean).join(" ");
  return name || s.user.email;
}

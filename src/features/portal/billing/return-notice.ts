/** Shared by the /billing server page and its client component (no "use client"). */
export type BillingTab = "ai-ready" | "overview" | "billing";
export const BILLING_TABS: readonly BillingTab[] = ["ai-ready", "overview", "billing"];

export type ReturnNotice = "trial" | "created" | "paid" | null;

/**
 * Which return parameter a flow left on /billing (spec 2: subscription=success,
 * success=true, trial=started; subscription=paid: a paid start once the free
 * trial is used, ADR 0105).
 */
export function returnNotice(params: { get(key: string): string | null | undefined }): ReturnNotice {
  if (params.get("trial") === "started") return "trial";
  if (params.get("subscription") === "paid") return "paid";
  if (params.get("success") === "true" || params.get("subscription") === "success") return "created";
  return null;
}

export function parseTab(value: string | null | undefined): BillingTab | null {
  return BILLING_TABS.find((t) => t === value) ?? null;
}

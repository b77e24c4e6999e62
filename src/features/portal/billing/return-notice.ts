/** Shared by the /billing server page and its client component (no "use client"). */
export type BillingTab = "ai-ready" | "overview" | "billing";
export const BILLING_TABS: readonly BillingTab[] = ["ai-ready", "overview", "billing"];

export type ReturnNotice = "trial" | "created" | null;

/** Which return parameter a flow left on /billing (spec 2: subscription=success, success=true, trial=started). */
export function returnNotice(params: { get(key: string): string | null | undefined }): ReturnNotice {
  if (params.get("trial") === "started") return "trial";
  if (params.get("success") === "true" || params.get("subscription") === "success") return "created";
  return null;
}

export function parseTab(value: string | null | undefined): BillingTab | null {
  return BILLING_TABS.find((t) => t === value) ?? null;
}

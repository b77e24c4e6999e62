import { PURCHASABLE_PLANS, planLookupKey, periodPrice, type Billing, type Plan, type PlanId } from "@/features/plans/catalogue";
import { METER_EVENT_NAMES, type MeterEventName } from "./port";

/**
 * The provider-side price catalogue derived from the plan catalogue: one
 * licensed price per plan x billing period (lookup key plan_<plan>_<billing>)
 * and, per plan x billing period, one metered price per meter
 * (lookup key usage_<meter>_<plan>_<billing>) priced at the plan's extra-unit
 * price; text sessions cost half a unit (spec 9), rounded to whole cents.
 * Both adapters and `npm run billing:sync` read this.
 */
export type CataloguePrice = {
  lookupKey: string;
  productKey: string;
  productName: string;
  unitLabel: string | null;
  unitAmount: number;
  interval: "month" | "year";
  usageType: "licensed" | "metered";
  meterEventName: MeterEventName | null;
  planId: PlanId;
  billing: Billing;
};

export const METER_DISPLAY_NAMES: Record<MeterEventName, string> = {
  phone_inbound: "Phone Inbound Usage",
  phone_outbound: "Phone Outbound Usage",
  text_inbound: "Text Inbound Usage",
  text_outbound: "Text Outbound Usage",
};

export function meteredLookupKey(eventName: MeterEventName, planId: PlanId, billing: Billing): string {
  return `usage_${eventName}_${planId}_${billing}`;
}

/** Cents per metered unit: the plan's extra-unit price (text sessions count half a unit). */
export function meteredUnitAmount(plan: Plan, billing: Billing, eventName: MeterEventName): number {
  const extra = plan.extraUnitPrice?.[billing] ?? 0;
  return eventName.startsWith("text_") ? Math.round(extra / 2) : extra;
}

export function planProductName(plan: Plan): string {
  return `${plan.name} Plan`;
}

export function cataloguePrices(): CataloguePrice[] {
  const out: CataloguePrice[] = [];
  for (const plan of PURCHASABLE_PLANS) {
    for (const billing of ["monthly", "annual"] as const) {
      out.push({
        lookupKey: planLookupKey(plan.id, billing),
        productKey: `plan_${plan.id}`,
        productName: planProductName(plan),
        unitLabel: null,
        unitAmount: periodPrice(plan, billing)!,
        interval: billing === "annual" ? "year" : "month",
        usageType: "licensed",
        meterEventName: null,
        planId: plan.id,
        billing,
      });
      for (const meter of METER_EVENT_NAMES) {
        out.push({
          lookupKey: meteredLookupKey(meter, plan.id, billing),
          productKey: `usage_${meter}`,
          productName: METER_DISPLAY_NAMES[meter],
          unitLabel: meter.startsWith("phone_") ? "phone unit" : "text session",
          unitAmount: meteredUnitAmount(plan, billing, meter),
          interval: "month",
          usageType: "metered",
          meterEventName: meter,
          planId: plan.id,
          billing,
        });
      }
    }
  }
  return out;
}

/** Plan and billing period named by a plan price's lookup key, if it is one. */
export function parsePlanLookupKey(key: string | null | undefined): { planId: PlanId; billing: Billing } | null {
  const m = /^plan_([a-z]+)_(monthly|annual)$/.exec(key ?? "");
  if (!m) return null;
  const plan = PURCHASABLE_PLANS.find((p) => p.id === m[1]);
  return plan ? { planId: plan.id, billing: m[2] as Billing } : null;
}

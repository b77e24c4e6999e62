"use client";
import Link from "next/link";
import { TrendingUp } from "lucide-react";
import { PURCHASABLE_PLANS, formatCents, type Billing, type Plan } from "@/features/plans/catalogue";
import { Button } from "@/lib/ui/button";

/** What the dashboard knows of the subscription (the /api/auth/user summary). */
export type UpgradeOfferSubscription = {
  plan: { id?: string; name: string };
  billing: Billing;
  status: string;
  cancelAtPeriodEnd?: boolean;
  usage: { phoneUsed: number; textUsed: number };
  units: { monthStart: string; monthEnd: string; included: number | null };
};

/** Offered once the month's units pass this share of the included units (issue 23). */
export const UPGRADE_OFFER_THRESHOLD = 0.8;

/** The month's bill on a plan for `units`: its monthly price (annual: per month) plus units beyond the included ones at its extra-unit price. */
export function projectedBill(plan: Plan, billing: Billing, units: number): number {
  const base = (billing === "annual" ? plan.annualPrice : plan.monthlyPrice) ?? 0;
  const extra = Math.max(0, Math.ceil(units - (plan.units ?? Infinity)));
  return base + extra * (plan.extraUnitPrice?.[billing] ?? 0);
}

/** The units the month will reach at this pace (used so far, scaled to the whole usage month). */
export function projectedUnits(used: number, monthStart: Date, monthEnd: Date, now: Date): number {
  const elapsed = Math.max(now.getTime() - monthStart.getTime(), 86_400_000);
  const length = monthEnd.getTime() - monthStart.getTime();
  return elapsed >= length ? used : (used * length) / elapsed;
}

/**
 * The dashboard's "Upgrade plan" offer: when the month's units pass 80% of
 * the included units, the projected bill on the current plan and on the next
 * plan up, and a link to /billing's Change plan (for members who manage
 * billing).
 */
export function UpgradeOffer({ sub, canManageBilling, now = new Date() }: { sub: UpgradeOfferSubscription; canManageBilling: boolean; now?: Date }) {
  const index = PURCHASABLE_PLANS.findIndex((p) => p.id === sub.plan.id);
  const current = PURCHASABLE_PLANS[index];
  const next = PURCHASABLE_PLANS[index + 1];
  const used = sub.usage.phoneUsed + sub.usage.textUsed;
  if (!current || !next || !current.units || sub.cancelAtPeriodEnd || sub.status === "cancelled") return null;
  if (used <= current.units * UPGRADE_OFFER_THRESHOLD) return null;
  const units = projectedUnits(used, new Date(sub.units.monthStart), new Date(sub.units.monthEnd), now);
  const rounded = Math.round(units).toLocaleString("en-US");
  return (
    <section aria-labelledby="upgrade-offer-heading" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <div className="flex items-start gap-3">
        <TrendingUp className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="upgrade-offer-heading" className="font-semibold">
            You have used {Math.round((used / current.units) * 100)}% of this month&apos;s {current.units.toLocaleString("en-US")} units
          </h2>
          <p className="mt-1 text-sm">At this pace the month ends near {rounded} units. Projected bill for this month:</p>
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            <li>
              <span className="font-medium">{current.name}</span> (your plan): {formatCents(projectedBill(current, sub.billing, units))}
            </li>
            <li>
              <span className="font-medium">{next.name}</span> ({(next.units ?? 0).toLocaleString("en-US")} units): {formatCents(projectedBill(next, sub.billing, units))}
            </li>
          </ul>
          {canManageBilling && (
            <Button asChild size="sm" className="mt-3">
              <Link href="/billing?tab=overview">Upgrade plan</Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

import type { BillingCycleView } from "@/features/billing/admin-api-types";
import type { SubscriptionPeriodResponse } from "@/features/usage/usage.schema";
import { formatCents } from "@/features/plans/catalogue";

const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 3 });

/** The quick usage preview of a billing cycle (the chosen one, else the current one). */
export function UsagePreview({
  label,
  cycle,
  period,
  loading,
  headingId,
}: {
  /** The subscription's name: AI employee, plan, start date. */
  label: string;
  cycle: BillingCycleView | null;
  period: SubscriptionPeriodResponse | undefined;
  loading: boolean;
  headingId: string;
}) {
  const usage = cycle ? period?.usageByCycle[cycle.id] : undefined;
  const units = cycle ? period?.unitsByCycle?.[cycle.id] : undefined;
  return (
    // Named after the subscription (AI employee, plan, start): two with the same period must not give two landmarks of one name.
    <section aria-label={`Usage preview for ${label}`} className="rounded-md bg-slate-50 p-3">
      <h4 id={headingId} className="text-sm font-semibold">
        Usage preview {cycle ? `(${cycle.label})` : ""}
      </h4>
      {loading ? (
        <p className="text-sm text-slate-700">Loading usage...</p>
      ) : usage ? (
        <p className="mt-1 text-sm text-slate-800">
          Phone: {usage.phoneInbound + usage.phoneOutbound} used{period?.limits.phone ? ` of ${period.limits.phone}` : ""} ({usage.phoneInbound} in, {usage.phoneOutbound} out) · Text:{" "}
          {usage.textInbound + usage.textOutbound} used{period?.limits.text ? ` of ${period.limits.text}` : ""} ({usage.textInbound} in, {usage.textOutbound} out)
        </p>
      ) : (
        <p className="text-sm text-slate-700">No usage recorded for this period.</p>
      )}
      {units && units.phone + units.text > 0 ? (
        <p className="mt-1 text-sm text-slate-800" data-testid="units-preview">
          Calls &amp; messages: {fmt(units.phone)} phone + {fmt(units.text)} text units
          {units.includedPerMonth === null ? " (unlimited plan)" : ` (${units.includedPerMonth.toLocaleString("en-US")} included a month)`}
          {units.extra > 0 ? ` · ${fmt(units.extra)} extra units × ${formatCents(units.unitPriceCents)} = ${formatCents(units.extraCostCents)}` : " · no extra units"}
        </p>
      ) : null}
    </section>
  );
}

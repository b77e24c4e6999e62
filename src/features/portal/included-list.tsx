import { formatCents, type Billing } from "@/features/plans/catalogue";
import { includedWithPlan } from "./format";

function UnitsRow({ label, units, extraCents }: { label: string; units: number; extraCents: number }) {
  return (
    <div>
      <dt className="font-medium">{label}</dt>
      <dd>
        {units.toLocaleString("en-US")} included, then {formatCents(extraCents)} per unit
      </dd>
    </div>
  );
}

/** 'What's included': phone and text units and the price of each extra unit. */
export function IncludedList({ planId, billing, apiPlan }: { planId: string; billing: Billing; apiPlan?: { phoneSessionLimit: number | null; textSessionLimit: number | null } | null }) {
  const inc = includedWithPlan(planId, billing, apiPlan);
  return (
    <div data-testid="included-with-plan">
      <h3 className="font-semibold text-slate-900">What&apos;s included</h3>
      <dl className="mt-2 flex flex-col gap-2 text-sm text-slate-800">
        <UnitsRow label="Phone units" units={inc.phoneUnits} extraCents={inc.phoneExtraCents} />
        <UnitsRow label="Text units" units={inc.textUnits} extraCents={inc.textExtraCents} />
      </dl>
    </div>
  );
}

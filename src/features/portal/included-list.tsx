import { formatCents, type Billing } from "@/features/plans/catalogue";
import { includedWithPlan } from "./format";

/** 'What's included': phone and text units and the price of each extra unit. */
export function IncludedList({
  planId,
  billing,
  apiPlan,
}: {
  planId: string;
  billing: Billing;
  apiPlan?: { phoneSessionLimit: number | null; textSessionLimit: number | null } | null;
}) {
  const inc = includedWithPlan(planId, billing, apiPlan);
  return (
    <div data-testid="included-with-plan">
      <h3 className="font-semibold text-slate-900">What&apos;s included</h3>
      <dl className="mt-2 flex flex-col gap-2 text-sm text-slate-800">
        <div>
          <dt className="font-medium">Phone units</dt>
          <dd>
            {inc.phoneUnits.toLocaleString("en-US")} included, then {formatCents(inc.phoneExtraCents)} per unit
          </dd>
        </div>
        <div>
          <dt className="font-medium">Text units</dt>
          <dd>
            {inc.textUnits.toLocaleString("en-US")} included, then {formatCents(inc.textExtraCents)} per unit
          </dd>
        </div>
      </dl>
    </div>
  );
}

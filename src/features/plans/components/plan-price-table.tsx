import { PLANS, formatCents, formatDollars } from "@/features/plans/catalogue";
import { cn } from "@/lib/ui/cn";
import { TableHead } from "@/lib/ui/column-headers";

const COLUMNS = ["Plan", "Monthly billing", "Annual billing (per month)", "Included units", "Extra unit (monthly / annual)"];

/**
 * Every plan's monthly and annual price, included units and extra-unit price,
 * from the catalogue. Narrow screens scroll it sideways; the scroll region is
 * focusable so keyboard users can scroll too.
 */
export function PlanPriceTable({ className }: { className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      {/* Shown only where the table is wider than the screen. */}
      <p className="mb-1 text-xs text-slate-600 md:hidden">Scroll sideways to see every column.</p>
      <div role="region" aria-label="Plan prices" tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">Plan prices, included units and extra unit prices</caption>
          <TableHead columns={COLUMNS.map((label) => [label, "p-3 font-semibold"])} rowClassName="border-b border-slate-200 bg-slate-50" />
          <tbody>
            {PLANS.map((p) => (
              <tr key={p.id} className="border-b border-slate-100">
                <th scope="row" className="p-3 font-semibold text-slate-950">
                  {p.name}
                </th>
                <td className="p-3">{p.monthlyPrice === null ? "Custom" : formatDollars(p.monthlyPrice)}</td>
                <td className="p-3">{p.annualPrice === null ? "Custom" : formatDollars(p.annualPrice)}</td>
                <td className="p-3">{p.units === null ? "Unlimited" : p.units.toLocaleString("en-US")}</td>
                <td className="p-3">{p.extraUnitPrice ? `${formatCents(p.extraUnitPrice.monthly)} / ${formatCents(p.extraUnitPrice.annual)}` : "Custom"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

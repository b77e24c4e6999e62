import { formatCents, type Billing } from "@/features/plans/catalogue";
import { Badge } from "@/lib/ui/badge";
import { CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";

/** The plan card's header on /checkout and /subscribe: name, the trial badge (while the free trial is unused), the price. */
export function PlanPriceHeader({ name, price, billing, caption, trial = true }: { name: string; price: number | null; billing: Billing; caption?: string; trial?: boolean }) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2">{name} Plan</CardTitle>
        {trial ? <Badge variant="blue">14-Day Free Trial</Badge> : <Badge variant="amber">Charged today</Badge>}
      </div>
      {caption ? <CardDescription>{caption}</CardDescription> : null}
      {price !== null && (
        <p className="text-2xl font-bold text-slate-900">
          {formatCents(price)}
          <span className="text-base font-normal text-slate-700"> per {billing === "annual" ? "year" : "month"}</span>
        </p>
      )}
      {billing === "annual" && <p className="text-sm font-medium text-green-800">Save 10% with annual billing</p>}
    </CardHeader>
  );
}

import { UNIT_CHART } from "@/features/plans/units";
import { cn } from "@/lib/ui/cn";
import { TableHead } from "@/lib/ui/column-headers";

/** The unit calculation chart (spec 9), shared by the pricing page and the billing plan chooser. */
export function UnitChartTable({ className }: { className?: string }) {
  return (
    <table className={cn("w-full text-left", className)}>
      <caption className="sr-only">Units per call or conversation</caption>
      <TableHead
        columns={[
          ["Usage", "py-2 pr-4 font-semibold"],
          ["Units", "py-2 text-right font-semibold"],
        ]}
        rowClassName="border-b-2 border-slate-300"
      />
      <tbody>
        {UNIT_CHART.map((row) => (
          <tr key={row.usage} className="border-b border-slate-200">
            <td className="py-2 pr-4 text-slate-800">{row.usage}</td>
            <td className="py-2 text-right font-semibold text-slate-950">{row.units}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

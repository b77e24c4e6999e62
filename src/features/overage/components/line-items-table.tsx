import { formatCents } from "@/features/plans/catalogue";
import { TableHead } from "@/lib/ui/column-headers";
import type { OverageEntryView } from "../overage.schema";

const COLUMNS = [
  ["Item", "py-2 pr-3"],
  ["Quantity", "py-2 pr-3 text-right"],
  ["Unit price", "py-2 pr-3 text-right"],
  ["Total", "py-2 text-right"],
] as const;

/** An overage entry's line items with their total (under the form and in the review dialog). */
export function LineItemsTable({ entry }: { entry: OverageEntryView }) {
  if (entry.lineItems.length === 0) return <p className="text-sm text-slate-700">No line items yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Line items</caption>
        <TableHead columns={COLUMNS} className="border-b border-slate-200 text-xs uppercase text-slate-600" />
        <tbody>
          {entry.lineItems.map((i) => (
            <tr key={i.id} className="border-b border-slate-100">
              <td className="py-2 pr-3">
                {i.productName}
                {i.description ? <span className="block text-xs text-slate-600">{i.description}</span> : null}
              </td>
              <td className="py-2 pr-3 text-right">{i.quantity}</td>
              <td className="py-2 pr-3 text-right">{formatCents(i.unitPrice)}</td>
              <td className="py-2 text-right">{formatCents(i.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-2 pr-3 text-right">
              Total
            </th>
            <td className="py-2 text-right font-semibold">{formatCents(entry.totalAmount)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

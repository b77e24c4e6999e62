import type { InsightsTotals } from "../insights.schema";
import { ChartFrame, ChartTable, tableIdOf } from "./chart-frame";
import { formatCount } from "./labels";

/** Transfers by destination: a bar per destination (HTML, no script) and the table with the same numbers. */
export function TransfersSection({ transfers }: { transfers: InsightsTotals["transfersByDestination"] }) {
  const id = "transfers";
  const max = Math.max(1, ...transfers.map((t) => t.count));
  return (
    <ChartFrame
      id={id}
      title="Transfers by destination"
      chart={
        transfers.length === 0 ? (
          <p className="text-sm text-slate-700">No calls were transferred in this period.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-labelledby={`${id}-title`} aria-describedby={tableIdOf(id)}>
            {transfers.map((t) => (
              <li key={t.destination} className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-2 text-sm">
                <span className="truncate text-slate-800" title={t.destination}>
                  {t.destination}
                </span>
                <span className="h-3 rounded-sm bg-violet-600" style={{ width: `${Math.max(2, (t.count / max) * 100)}%` }} aria-hidden />
                <span className="tabular-nums text-slate-900">{formatCount(t.count)}</span>
              </li>
            ))}
          </ul>
        )
      }
      table={
        <ChartTable
          id={id}
          caption="Transfers by destination"
          head="Destination"
          columns={["Transfers"]}
          rows={transfers.map((t) => ({ key: t.destination, label: t.destination, values: [formatCount(t.count)] }))}
          empty="No transfers in this period."
        />
      }
    />
  );
}

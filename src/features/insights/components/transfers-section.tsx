import type { InsightsTotals } from "../insights.schema";
import { ChartFrame, tableIdOf, td, tdNum, th, thNum } from "./chart-frame";
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
        <table id={tableIdOf(id)} className="min-w-full text-sm">
          <caption className="sr-only">Transfers by destination</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Destination
              </th>
              <th scope="col" className={thNum}>
                Transfers
              </th>
            </tr>
          </thead>
          <tbody>
            {transfers.map((t) => (
              <tr key={t.destination}>
                <td className={td}>{t.destination}</td>
                <td className={tdNum}>{formatCount(t.count)}</td>
              </tr>
            ))}
            {transfers.length === 0 && (
              <tr>
                <td colSpan={2} className={td}>
                  No transfers in this period.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      }
    />
  );
}

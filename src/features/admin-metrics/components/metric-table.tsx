import Link from "next/link";
import type { Figure } from "../figures";
import { displayCell } from "../cells";

/** A figure's numbers as a table (the same rows as its CSV); scrolls sideways on a narrow screen. */
export function MetricTable({ figure }: { figure: Figure }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={`${figure.title} table`} tabIndex={0}>
      <table className="min-w-full text-left text-sm" data-testid={`metric-table-${figure.id}`}>
        <caption className="sr-only">{figure.title}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {figure.columns.map((c, i) => (
              <th key={c.key} scope="col" className={`whitespace-nowrap px-2 py-1 font-semibold ${i > 0 && c.format !== "text" ? "text-right" : ""}`}>
                {c.label}
              </th>
            ))}
            {figure.link ? (
              <th scope="col" className="px-2 py-1 font-semibold">
                <span className="sr-only">Action</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {figure.rows.map((row, r) => (
            <tr key={r} className="border-b border-slate-100">
              {figure.columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" className="whitespace-nowrap px-2 py-1 font-medium">
                    {displayCell(row[c.key] ?? null, c.format)}
                  </th>
                ) : (
                  <td key={c.key} className={`whitespace-nowrap px-2 py-1 ${c.format !== "text" ? "text-right tabular-nums" : ""}`}>
                    {displayCell(row[c.key] ?? null, c.format)}
                  </td>
                ),
              )}
              {figure.link && row.href ? (
                <td className="whitespace-nowrap px-2 py-1">
                  <Link className="font-medium text-brand-700 underline-offset-4 hover:underline" href={row.href}>
                    {figure.link.label}
                    <span className="sr-only"> for {String(row[figure.columns[0]!.key] ?? "")}</span>
                  </Link>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

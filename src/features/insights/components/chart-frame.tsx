import type { ReactNode } from "react";

/**
 * One chart of /insights: its heading, the drawing, and the table view with
 * the same numbers (a <details>, open by keyboard or pointer). The drawing's
 * accessible description is that table (`tableId`), so a screen reader hears
 * the numbers, not the shapes.
 */
export function ChartFrame({ id, title, description, chart, table }: { id: string; title: string; description?: ReactNode; chart?: ReactNode; table: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid={`chart-${id}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-slate-700">{description}</div>}
      {chart && <div className="mt-4">{chart}</div>}
      <details className="mt-4 group">
        <summary className="cursor-pointer rounded-sm text-sm font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          Table view<span className="sr-only">: {title}</span>
        </summary>
        <div className="mt-3 max-w-full overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}: table`}>
          {table}
        </div>
      </details>
    </section>
  );
}

/** The id of a chart's table, which describes its drawing. */
export const tableIdOf = (id: string) => `${id}-table`;

const th = "border-b border-slate-200 px-2 py-1.5 text-left font-semibold text-slate-900";
const thNum = "border-b border-slate-200 px-2 py-1.5 text-right font-semibold text-slate-900";
const td = "border-b border-slate-100 px-2 py-1.5 text-slate-800";
const tdNum = "border-b border-slate-100 px-2 py-1.5 text-right tabular-nums text-slate-800";

export type ChartTableRow = { key: string; label: ReactNode; values: ReactNode[] };

/**
 * A chart's table view: a row header (the day, the destination) and numeric
 * columns; `emphasizeLast` sets the last column (a total) in bold, and
 * `empty` stands in a row of its own when there are no rows.
 */
export function ChartTable({
  id,
  caption,
  head,
  columns,
  rows,
  empty,
  emphasizeLast = false,
}: {
  id: string;
  caption: string;
  head: string;
  columns: readonly string[];
  rows: ChartTableRow[];
  empty?: string;
  emphasizeLast?: boolean;
}) {
  return (
    <table id={tableIdOf(id)} className="min-w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>
            {head}
          </th>
          {columns.map((c) => (
            <th key={c} scope="col" className={thNum}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className={`${td} whitespace-nowrap font-normal`}>
              {r.label}
            </th>
            {r.values.map((v, i) => (
              <td key={i} className={emphasizeLast && i === r.values.length - 1 ? `${tdNum} font-semibold` : tdNum}>
                {v}
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && empty && (
          <tr>
            <td colSpan={columns.length + 1} className={td}>
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

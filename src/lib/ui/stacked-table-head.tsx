/**
 * The header of a table whose rows stack into blocks on narrow screens: the
 * headers are read to screen readers only there, and shown from `md` up.
 * A column given as `{ hidden: label }` (e.g. the actions) is named for
 * screen readers only. `gap` is the space right of each column but the last.
 */
export function StackedTableHead({ columns, gap = "pr-4" }: { columns: readonly (string | { hidden: string })[]; gap?: "pr-3" | "pr-4" }) {
  return (
    <thead className="sr-only border-b border-slate-200 text-slate-700 md:not-sr-only md:table-header-group">
      <tr>
        {columns.map((c, i) => {
          const label = typeof c === "string" ? c : c.hidden;
          return (
            <th key={label} scope="col" className={i < columns.length - 1 ? `py-2 ${gap} font-semibold` : "py-2 font-semibold"}>
              {typeof c === "string" ? c : <span className="sr-only">{c.hidden}</span>}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

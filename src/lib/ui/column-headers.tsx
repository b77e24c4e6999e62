/** The header row of a table: `[label, align]` per column; amounts are right-aligned. */
export function ColumnHeaders({ columns }: { columns: readonly (readonly [label: string, align: "left" | "right"])[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-slate-700">
        {columns.map(([label, align]) => (
          <th key={label} scope="col" className={align === "right" ? "py-2 text-right font-medium" : "py-2 font-medium"}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

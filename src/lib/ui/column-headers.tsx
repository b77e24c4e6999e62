/** The header row of a table: `[label, align]` per column; amounts are right-aligned. */
export function ColumnHeaders({ columns }: { columns: readonly (readonly [label: string, align: "left" | "right"])[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-slate-700">
        <HeaderCells columns={columns.map(([label, align]) => [label, align === "right" ? "py-2 text-right font-medium" : "py-2 font-medium"])} />
      </tr>
    </thead>
  );
}

/** A header row's cells, one `<th scope="col">` a column: `[label, className]` each. */
export function HeaderCells({ columns }: { columns: readonly (readonly [label: string, className: string])[] }) {
  return columns.map(([label, className]) => (
    <th key={label} scope="col" className={className}>
      {label}
    </th>
  ));
}

/** The header row of a table: `[label, align]` per column; amounts are right-aligned. */
export function ColumnHeaders({ columns }: { columns: readonly (readonly [label: string, align: "left" | "right"])[] }) {
  return (
    <TableHead columns={columns.map(([label, align]) => [label, align === "right" ? "py-2 text-right font-medium" : "py-2 font-medium"])} rowClassName="border-b border-slate-200 text-slate-700" />
  );
}

/** A table's `<thead>` of one row, a `<th scope="col">` a column: `[label, className]` each. */
export function TableHead({ columns, className, rowClassName }: { columns: readonly (readonly [label: string, className: string])[]; className?: string; rowClassName?: string }) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map(([label, cellClassName]) => (
          <th key={label} scope="col" className={cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

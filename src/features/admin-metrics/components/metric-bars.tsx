import type { Figure } from "../figures";
import { displayCell } from "../cells";

/**
 * A figure's one column drawn as horizontal bars (SVG, no chart library):
 * a picture of the table beside it, hidden from assistive technology, which
 * reads the table instead. Negative values draw nothing.
 */
export function MetricBars({ figure }: { figure: Figure }) {
  if (!figure.bar) return null;
  const { key, labelKey } = figure.bar;
  const column = figure.columns.find((c) => c.key === key)!;
  const labelColumn = figure.columns.find((c) => c.key === labelKey)!;
  const values = figure.rows.map((r) => (typeof r[key] === "number" ? (r[key] as number) : 0));
  const max = Math.max(1, ...values);
  return (
    <div aria-hidden="true" className="mt-4 space-y-1" data-testid={`metric-bars-${figure.id}`}>
      {figure.rows.map((row, i) => {
        const width = Math.max(0, (values[i]! / max) * 100);
        return (
          <div key={i} className="grid grid-cols-[minmax(4.5rem,7rem)_1fr_minmax(4rem,auto)] items-center gap-2 text-xs text-slate-700">
            <span className="truncate">{displayCell(row[labelKey] ?? null, labelColumn.format)}</span>
            <svg className="h-3 w-full" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
              <rect x="0" y="0" width="100" height="10" className="fill-slate-100" />
              <rect x="0" y="0" width={width} height="10" className="fill-brand-600" />
            </svg>
            <span className="text-right tabular-nums">{displayCell(row[key] ?? null, column.format)}</span>
          </div>
        );
      })}
    </div>
  );
}

import type { Figure } from "../figures";
import { MetricBars } from "./metric-bars";
import { MetricTable } from "./metric-table";

/** The CSV of one figure. */
export function figureCsvHref(id: string): string {
  return `/api/admin/metrics/export.csv?figure=${encodeURIComponent(id)}`;
}

/**
 * One figure of /admin/metrics: its title, its definitions, its bars, its
 * table view (open by default for a figure without bars) and its CSV.
 */
export function MetricFigure({ figure }: { figure: Figure }) {
  const headingId = `metric-${figure.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={`metric-${figure.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {figure.title}
        </h2>
        <a className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline" href={figureCsvHref(figure.id)} download>
          Download CSV<span className="sr-only"> of {figure.title}</span>
        </a>
      </div>
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        {figure.definitions.map((d) => (
          <div key={d.term}>
            <dt className="inline font-semibold text-slate-900">{d.term}: </dt>
            <dd className="inline">{d.description}</dd>
          </div>
        ))}
      </dl>
      {figure.rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{figure.empty}</p>
      ) : figure.bar ? (
        <>
          <MetricBars figure={figure} />
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-medium text-brand-700">Table view</summary>
            <div className="mt-2">
              <MetricTable figure={figure} />
            </div>
          </details>
        </>
      ) : (
        <div className="mt-4">
          <MetricTable figure={figure} />
        </div>
      )}
    </section>
  );
}

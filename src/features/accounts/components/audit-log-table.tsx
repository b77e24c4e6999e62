import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { StackedTableHead } from "@/lib/ui/stacked-table-head";

/** One entry as the page shows it (audit-log.server.ts reads them). */
export type AuditRow = { id: string; createdAt: Date; actorEmail: string | null; label: string; detail: string };

/**
 * The audit log on /account (owners and managers): 50 entries a page, newest
 * first, times in the account's time zone; "Newer" and "Older" are links
 * (the page is rendered on the server), and the CSV holds every entry.
 */
export function AuditLogTable({ entries, timeZone, newerHref, olderHref }: { entries: AuditRow[]; timeZone: string; newerHref: string | null; olderHref: string | null }) {
  return (
    <div>
      <p className="text-sm text-slate-600">
        Times are in {timeZone.replaceAll("_", " ")}.{" "}
        <a href="/api/account/audit-log.csv" download className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Download the whole log (CSV)
        </a>
      </p>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{newerHref ? "No older entries." : "Nothing has been recorded yet."}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Audit log, newest first</caption>
          <StackedTableHead columns={["When", "Who", "What", "Detail"]} />
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} className="block border-b border-slate-200 py-2 md:table-row md:py-0" data-testid="audit-row">
                <td className="block whitespace-nowrap text-slate-700 md:table-cell md:py-2 md:pr-4">
                  <time dateTime={e.createdAt.toISOString()}>{formatDateTime(e.createdAt, { timeZone })}</time>
                </td>
                <td className="block break-all md:table-cell md:py-2 md:pr-4">{e.actorEmail ?? "System"}</td>
                <td className="block font-medium md:table-cell md:py-2 md:pr-4">{e.label}</td>
                <td className="block break-words text-slate-700 md:table-cell md:py-2">{e.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {newerHref || olderHref ? (
        <nav aria-label="Audit log pages" className="mt-3 flex justify-between gap-3 text-sm">
          {newerHref ? (
            <Link href={newerHref} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          {olderHref ? (
            <Link href={olderHref} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Older →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

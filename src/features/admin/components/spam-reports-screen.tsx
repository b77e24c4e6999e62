import { formatDateTime } from "@/lib/format";
import { AdminTable } from "@/lib/ui/admin-table";
import { SpamReviewActions } from "@/features/interactions/components/spam-review-actions";
import { formatDuration, formatUnitCount } from "@/features/interactions/interaction-view";
import type { PendingSpamReport } from "@/features/interactions/spam-reports.server";
import { AdminSubPage } from "./admin-sub-page";

const COLUMNS = ["Customer", "AI employee", "Call time (UTC)", "Caller", "Duration", "Units", { label: "Decision", hidden: true }] as const;

/** /admin/spam-reports: spam reports past a month's self-service credit, waiting for an admin's decision (ADR 0105). */
export function SpamReportsScreen({ pending, selfServiceCreditPercent }: { pending: PendingSpamReport[]; selfServiceCreditPercent: number }) {
  return (
    <AdminSubPage
      title="Spam reports"
      intro={
        <>
          Customers credit calls they report as spam themselves up to {selfServiceCreditPercent}% of their plan&apos;s included units in a usage month. Reports beyond that wait here: Approve credits
          the call&apos;s units (the provider&apos;s meter follows); Decline keeps them counted. The customer sees &quot;pending review&quot; on the call until then.
        </>
      }
    >
      <h2 className="mt-8 text-xl font-semibold">Waiting for review</h2>
      <AdminTable
        caption="Spam reports waiting for review, oldest first"
        columns={COLUMNS}
        count={pending.length}
        empty="No spam reports are waiting for review."
        minWidth="min-w-[860px]"
        className="mt-3"
        emptyClassName="mt-3"
      >
        {pending.map((r) => (
          <tr key={r.id} className="border-b border-slate-100 align-top last:border-0" data-testid="spam-report-row">
            <th scope="row" className="px-4 py-3 font-medium">
              {r.customerName || r.customerEmail}
              <span className="block text-xs font-normal text-slate-600">{r.customerEmail}</span>
            </th>
            <td className="px-4 py-3">{r.aiEmployeeName}</td>
            <td className="whitespace-nowrap px-4 py-3">
              <time dateTime={r.startedAt}>{formatDateTime(r.startedAt)}</time>
              <span className="block text-xs text-slate-600">session {r.id}</span>
            </td>
            <td className="px-4 py-3">{r.from ?? "—"}</td>
            <td className="px-4 py-3">{formatDuration(r.durationSeconds) || "—"}</td>
            <td className="px-4 py-3">{formatUnitCount(r.units)}</td>
            <td className="px-4 py-3">
              <SpamReviewActions id={r.id} label={`the call of ${formatDateTime(r.startedAt)} for ${r.customerEmail}`} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminSubPage>
  );
}

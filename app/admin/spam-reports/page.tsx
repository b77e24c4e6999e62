import type { Metadata } from "next";
import { formatDateTime } from "@/lib/format";
import { AdminSubPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { SpamReviewActions } from "@/features/interactions/components/spam-review-actions";
import { formatDuration, formatUnitCount } from "@/features/interactions/interaction-view";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadSpamReportsScreen } from "./data.server";

export const metadata: Metadata = { title: "Spam reports" };
export const dynamic = "force-dynamic";

/** /admin/spam-reports: spam reports past a month's self-service credit, waiting for an admin's decision (ADR 0105). */
async function Page() {
  const access = await requireAdmin("/admin/spam-reports");
  if (!access.ok) return access.element;
  const { pending, selfServiceCreditPercent } = await loadSpamReportsScreen();
  return (
    <AdminSubPage title="Spam reports">
      <p className="mt-1 max-w-3xl text-slate-700">
        Customers credit calls they report as spam themselves up to {selfServiceCreditPercent}% of their plan&apos;s included units in a usage
        month. Reports beyond that wait here: Approve credits the call&apos;s units (the provider&apos;s meter follows); Decline keeps them counted.
        The customer sees &quot;pending review&quot; on the call until then.
      </p>
      <h2 className="mt-8 text-xl font-semibold">Waiting for review</h2>
      {pending.length === 0 ? (
        <p className="mt-3 text-slate-700">No spam reports are waiting for review.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[860px] text-left text-sm">
            <caption className="sr-only">Spam reports waiting for review, oldest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2">Customer</th>
                <th scope="col" className="px-4 py-2">AI employee</th>
                <th scope="col" className="px-4 py-2">Call time (UTC)</th>
                <th scope="col" className="px-4 py-2">Caller</th>
                <th scope="col" className="px-4 py-2">Duration</th>
                <th scope="col" className="px-4 py-2">Units</th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Decision</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </AdminSubPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

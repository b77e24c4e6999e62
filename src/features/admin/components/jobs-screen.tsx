import { formatDateTime } from "@/lib/format";
import { AdminTable } from "@/lib/ui/admin-table";
import { DEAD_JOB_RETENTION_SECONDS, FINISHED_JOB_RETENTION_SECONDS, type listDeadJobs } from "@/lib/jobs";
import { AdminSubPage } from "./admin-sub-page";
import { RetryJobButton } from "./retry-job-button";

const days = (seconds: number) => Math.round(seconds / 86_400);

const COLUMNS = ["Kind", "Payload", "Last error", "Attempts", "Dead since", { label: "Action", hidden: true }] as const;

/** /admin/jobs: durable jobs that failed every attempt ("dead"), newest first, each with a Retry button (admins only). */
export function JobsScreen({ dead }: { dead: Awaited<ReturnType<typeof listDeadJobs>> }) {
  return (
    <AdminSubPage
      title="Jobs"
      intro={
        <>
          Usage reports, overage invoices and e-mails run as durable jobs and are retried with growing delays. A job that failed every attempt is dead: it is listed here for{" "}
          {days(DEAD_JOB_RETENTION_SECONDS)} days. Retry runs it again with fresh attempts; the provider sees the same idempotency key, so nothing is billed or reported twice. Finished jobs are
          deleted after {days(FINISHED_JOB_RETENTION_SECONDS)} days.
        </>
      }
    >
      <h2 className="mt-8 text-xl font-semibold">Dead jobs</h2>
      <AdminTable caption="Dead jobs, newest first" columns={COLUMNS} count={dead.length} empty="No dead jobs." minWidth="min-w-[860px]" className="mt-3" emptyClassName="mt-3">
        {dead.map((j) => (
          <tr key={j.id} className="border-b border-slate-100 align-top last:border-0" data-testid="dead-job-row">
            <th scope="row" className="px-4 py-3 font-medium">
              {j.kind}
              {j.idempotencyKey ? <span className="block text-xs font-normal text-slate-600">key {j.idempotencyKey}</span> : null}
            </th>
            <td className="px-4 py-3">
              <code className="break-all text-xs">{JSON.stringify(j.payload)}</code>
            </td>
            <td className="max-w-xs px-4 py-3 text-slate-700">{j.error ?? "—"}</td>
            <td className="px-4 py-3">{j.attempts}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(j.deadAt)}</td>
            <td className="px-4 py-3">
              <RetryJobButton jobId={j.id} label={`${j.kind} job ${j.id.slice(0, 8)}`} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminSubPage>
  );
}

import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { AdminTable } from "@/lib/ui/admin-table";
import { DeliveryStatusBadge } from "@/lib/ui/delivery-status";
import type { OutboxListItem } from "../outbox.server";

const COLUMNS = ["To", "Subject", "Kind", "Status", "Created"] as const;

/** /admin/outbox's table: every e-mail, newest first, each subject linking to its preview. */
export function EmailOutboxTable({ emails }: { emails: OutboxListItem[] }) {
  return (
    <AdminTable caption="E-mails, newest first" columns={COLUMNS} count={emails.length} empty="No e-mails yet." minWidth="min-w-[720px]">
      {emails.map((m) => (
        <tr key={m.id} className="border-b border-slate-100 last:border-0" data-testid="outbox-row">
          <td className="px-4 py-3">{m.to}</td>
          <td className="px-4 py-3">
            <Link href={`/admin/outbox/${m.id}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              {m.subject}
            </Link>
          </td>
          <td className="px-4 py-3 text-slate-700">{m.kind}</td>
          <td className="px-4 py-3">
            <DeliveryStatusBadge status={m.status} />
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(m.createdAt)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

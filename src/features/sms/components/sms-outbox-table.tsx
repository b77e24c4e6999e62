import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { formatPhone } from "@/lib/phone-format";
import { AdminTable } from "@/lib/ui/admin-table";
import { DeliveryStatusBadge } from "@/lib/ui/delivery-status";
import type { Page } from "@/lib/http/pagination";
import type { SmsOutboxItem } from "../outbox-list.server";

const COLUMNS = ["To", "Message", "Kind", "Status", "Created"] as const;

const link = "font-medium text-brand-700 underline-offset-4 hover:underline";

/** /admin/sms-outbox's table: one page of text messages, newest first, with links to the newest and the older page. */
export function SmsOutboxTable({ page, cursor }: { page: Page<SmsOutboxItem>; cursor: string | null }) {
  return (
    <>
      <AdminTable
        caption="Text messages, newest first"
        columns={COLUMNS}
        count={page.items.length}
        empty={cursor ? "No older text messages." : "No text messages yet."}
        minWidth="min-w-[760px]"
        regionLabel="Text messages"
      >
        {page.items.map((m) => (
          <tr key={m.id} className="border-b border-slate-100 align-top last:border-0" data-testid="sms-outbox-row">
            <td className="whitespace-nowrap px-4 py-3">{formatPhone(m.to, null, { international: true })}</td>
            <td className="max-w-md whitespace-pre-wrap break-words px-4 py-3">{m.body}</td>
            <td className="px-4 py-3 text-slate-700">{m.kind}</td>
            <td className="px-4 py-3">
              <DeliveryStatusBadge status={m.status} />
              {m.providerStatus ? <span className="mt-1 block text-xs text-slate-700">Twilio: {m.providerStatus}</span> : null}
              {m.heldUntil ? <span className="mt-1 block text-xs text-slate-700">Held until {formatDateTime(m.heldUntil)}</span> : null}
              {m.error ? <span className="mt-1 block max-w-xs text-xs text-red-800">{m.error}</span> : null}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(m.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      {cursor || page.nextCursor ? (
        <nav aria-label="SMS outbox pages" className="mt-4 flex flex-wrap gap-4 text-sm">
          {cursor ? (
            <Link href="/admin/sms-outbox" className={link}>
              Newest messages
            </Link>
          ) : null}
          {page.nextCursor ? (
            <Link href={`/admin/sms-outbox?cursor=${encodeURIComponent(page.nextCursor)}`} className={link}>
              Older messages
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

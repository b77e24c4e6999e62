import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { formatPhone } from "@/lib/phone-format";
import { AdminSubPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { Badge } from "@/lib/ui/badge";
import { config } from "@/lib/config";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadSmsOutboxScreen } from "./data.server";

export const metadata: Metadata = { title: "SMS outbox" };
export const dynamic = "force-dynamic";

const STATUS: Record<string, { label: string; variant: "blue" | "green" | "amber" | "red" | "grey" }> = {
  outbox: { label: "In outbox", variant: "blue" },
  queued: { label: "Queued", variant: "amber" },
  sent: { label: "Sent", variant: "green" },
  failed: { label: "Failed", variant: "red" },
  opted_out: { label: "Opted out (STOP)", variant: "grey" },
};

const COLUMNS = ["To", "Message", "Kind", "Status", "Created"] as const;

const link = "font-medium text-brand-700 underline-offset-4 hover:underline";

/** /admin/sms-outbox: every text message the product sent or stored, newest first, 50 a page (admins only). */
async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireAdmin("/admin/sms-outbox");
  if (!access.ok) return access.element;
  const { page, current } = await loadSmsOutboxScreen(await searchParams);
  return (
    <AdminSubPage title="SMS outbox">
      <p className="mt-1 max-w-3xl text-slate-700">
        {config().smsEnabled
          ? "Every text message the product queued for Twilio, with its delivery status. A job sends each one and retries while Twilio is unreachable; a failed message shows Twilio's answer. Numbers that replied STOP get nothing more."
          : "Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER), so text messages are kept here instead of being sent."}
      </p>
      {page.items.length === 0 ? (
        <p className="mt-8 text-slate-700">{current ? "No older text messages." : "No text messages yet."}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white" role="region" aria-label="Text messages" tabIndex={0}>
          <table className="w-full min-w-[760px] text-left text-sm">
            <caption className="sr-only">Text messages, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className="px-4 py-2">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.items.map((m) => {
                const s = STATUS[m.status] ?? { label: m.status, variant: "grey" as const };
                return (
                  <tr key={m.id} className="border-b border-slate-100 align-top last:border-0" data-testid="sms-outbox-row">
                    <td className="whitespace-nowrap px-4 py-3">{formatPhone(m.to, null, { international: true })}</td>
                    <td className="max-w-md whitespace-pre-wrap break-words px-4 py-3">{m.body}</td>
                    <td className="px-4 py-3 text-slate-700">{m.kind}</td>
                    <td className="px-4 py-3">
                      <Badge variant={s.variant}>{s.label}</Badge>
                      {m.providerStatus ? <span className="mt-1 block text-xs text-slate-700">Twilio: {m.providerStatus}</span> : null}
                      {m.heldUntil ? <span className="mt-1 block text-xs text-slate-700">Held until {formatDateTime(m.heldUntil)}</span> : null}
                      {m.error ? <span className="mt-1 block max-w-xs text-xs text-red-800">{m.error}</span> : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(m.createdAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {current || page.nextCursor ? (
        <nav aria-label="SMS outbox pages" className="mt-4 flex flex-wrap gap-4 text-sm">
          {current ? (
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
    </AdminSubPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

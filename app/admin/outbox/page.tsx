import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { AdminSubPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { Badge } from "@/lib/ui/badge";
import { config } from "@/lib/config";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadOutboxScreen } from "./data.server";

export const metadata: Metadata = { title: "E-mail outbox" };
export const dynamic = "force-dynamic";

const STATUS: Record<string, { label: string; variant: "blue" | "green" | "amber" | "red" | "grey" }> = {
  outbox: { label: "In outbox", variant: "blue" },
  queued: { label: "Queued", variant: "amber" },
  sent: { label: "Sent", variant: "green" },
  failed: { label: "Failed", variant: "red" },
};

const COLUMNS = ["To", "Subject", "Kind", "Status", "Created"] as const;

/** /admin/outbox: every e-mail the product sent or stored, newest first (admins only). */
async function Page() {
  const access = await requireAdmin("/admin/outbox");
  if (!access.ok) return access.element;
  const { emails } = await loadOutboxScreen();
  return (
    <AdminSubPage title="E-mail outbox">
      <p className="mt-1 text-slate-700">
        {config().smtpEnabled
          ? "Every e-mail the product queued for SMTP, with its delivery status. A job delivers each one and retries while the server is down or asks to try again later; a failed e-mail shows the server's answer."
          : "No SMTP server is configured (SMTP_URL), so e-mails are kept here instead of being delivered."}
      </p>
      <p className="mt-2">
        <Link href="/admin/outbox/templates" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Preview every e-mail template
        </Link>
      </p>
      {emails.length === 0 ? (
        <p className="mt-8 text-slate-700">No e-mails yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[720px] text-left text-sm">
            <caption className="sr-only">E-mails, newest first</caption>
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
              {emails.map((m) => {
                const s = STATUS[m.status] ?? { label: m.status, variant: "grey" as const };
                return (
                  <tr key={m.id} className="border-b border-slate-100 last:border-0" data-testid="outbox-row">
                    <td className="px-4 py-3">{m.to}</td>
                    <td className="px-4 py-3">
                      <Link href={`/admin/outbox/${m.id}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                        {m.subject}
                      </Link>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{m.kind}</td>
                    <td className="px-4 py-3">
                      <Badge variant={s.variant}>{s.label}</Badge>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(m.createdAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </AdminSubPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

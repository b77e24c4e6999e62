import Link from "next/link";
import { config } from "@/lib/config";
import type { OutboxListItem } from "../outbox.server";
import { AdminSubPage } from "./admin-sub-page";
import { EmailOutboxTable } from "./email-outbox-table";

/** /admin/outbox: every e-mail the product sent or stored, newest first (admins only). */
export function OutboxScreen({ emails }: { emails: OutboxListItem[] }) {
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
      <EmailOutboxTable emails={emails} />
    </AdminSubPage>
  );
}

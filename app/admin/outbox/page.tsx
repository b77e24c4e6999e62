import type { Metadata } from "next";
import Link from "next/link";
import { AdminSubPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { EmailOutboxTable } from "@/features/admin/components/email-outbox-table";
import { config } from "@/lib/config";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadOutboxScreen } from "./data.server";

export const metadata: Metadata = { title: "E-mail outbox" };
export const dynamic = "force-dynamic";

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
      <EmailOutboxTable emails={emails} />
    </AdminSubPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

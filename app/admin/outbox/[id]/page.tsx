import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { requireAdmin } from "@/features/auth/guards.server";
import { EmailParts } from "@/features/admin/components/email-parts";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadEmailScreen } from "./data.server";

export const metadata: Metadata = { title: "E-mail" };

export const dynamic = "force-dynamic";

/** One e-mail of the outbox: headers, the HTML in a sandboxed frame, and the text version. */
async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireAdmin(`/admin/outbox/${id}`);
  if (!access.ok) return access.element;
  const { mail } = await loadEmailScreen(id);
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm">
        <Link href="/admin/outbox" className="text-brand-700 underline-offset-4 hover:underline">
          ← E-mail outbox
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{mail.subject}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">To</dt>
        <dd>{mail.to}</dd>
        <dt className="font-medium text-slate-600">Kind</dt>
        <dd>{mail.kind}</dd>
        <dt className="font-medium text-slate-600">Status</dt>
        <dd>
          {mail.status}
          {mail.error ? ` (${mail.error})` : ""}
        </dd>
        <dt className="font-medium text-slate-600">Created</dt>
        <dd>{formatDateTime(mail.createdAt, { seconds: true })}</dd>
      </dl>
      <EmailParts subject={mail.subject} html={mail.html} text={mail.text} />
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/lib/format";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { AccessDenied } from "@/features/auth/components/access-denied";
import { getEmail } from "@/features/admin/outbox.server";
import { EmailPreviewFrame } from "@/features/admin/components/email-preview-frame";
import { FRAME_HEIGHT_SCRIPT, FRAME_HEIGHT_SCRIPT_SOURCE } from "@/lib/http/csp";

export const metadata: Metadata = { title: "E-mail" };

/**
 * The e-mail HTML is shown in a sandboxed frame with its own opaque origin
 * (no access to this page) and a CSP of its own. The only script allowed in
 * it is FRAME_HEIGHT_SCRIPT (by its hash), which tells the page the message's
 * height (EmailPreviewFrame); nothing in a message can run.
 */
function previewDocument(html: string): string {
  const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * data:; style-src 'unsafe-inline'; script-src ${FRAME_HEIGHT_SCRIPT_SOURCE}">`;
  const withCsp = /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => `${m}${csp}`) : `${csp}${html}`;
  return `${withCsp}<script>${FRAME_HEIGHT_SCRIPT}</script>`;
}
export const dynamic = "force-dynamic";

/** One e-mail of the outbox: headers, the HTML in a sandboxed frame, and the text version. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo={`/admin/outbox/${id}`} delayMs={500} />;
  if (user.role !== "admin") return <AccessDenied />;
  const mail = await getEmail(id);
  if (!mail) notFound();
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
      <h2 className="mt-8 text-lg font-semibold">HTML version</h2>
      <EmailPreviewFrame title={`HTML version of ${mail.subject}`} srcDoc={previewDocument(mail.html)} />
      <h2 className="mt-8 text-lg font-semibold">Text version</h2>
      <pre className="mt-2 whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-900" data-testid="email-text">
        {mail.text}
      </pre>
    </section>
  );
}

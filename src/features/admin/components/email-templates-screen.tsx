import Link from "next/link";
import { config } from "@/lib/config";
import type { RenderedGalleryTemplate } from "@/features/email/templates/gallery";
import { AdminSubPage } from "./admin-sub-page";
import { EmailParts } from "./email-parts";

/** /admin/outbox/templates: every e-mail template rendered with sample data, both parts as they are sent (admins only). */
export function EmailTemplatesScreen({ templates }: { templates: RenderedGalleryTemplate[] }) {
  return (
    <AdminSubPage title="E-mail templates">
      <p className="mt-1 text-slate-700">
        Every e-mail the product sends, rendered with sample data: the HTML and the text version, both made from one template. Links are absolute, from PUBLIC_BASE_URL ({config().baseUrl}).
      </p>
      <p className="mt-2 text-sm">
        <Link href="/admin/outbox" className="text-brand-700 underline-offset-4 hover:underline">
          ← E-mail outbox
        </Link>
      </p>
      <nav aria-label="Templates" className="mt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {templates.map((t) => (
            <li key={t.id}>
              <a href={`#${t.id}`} className="text-brand-700 underline-offset-4 hover:underline">
                {t.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {templates.map((t) => (
        <section key={t.id} id={t.id} aria-labelledby={`${t.id}-heading`} className="mt-10 border-t border-slate-200 pt-6" data-testid="email-template">
          <h2 id={`${t.id}-heading`} className="text-2xl font-semibold">
            {t.name}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium text-slate-600">Subject</dt>
            <dd>{t.subject}</dd>
            <dt className="font-medium text-slate-600">Sent when</dt>
            <dd>{t.sentWhen}</dd>
          </dl>
          <EmailParts subject={t.subject} html={t.html} text={t.text} labels="plain" />
        </section>
      ))}
    </AdminSubPage>
  );
}

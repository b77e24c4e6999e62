import "server-only";
import Link from "next/link";
import { Icon, type IconName } from "@/lib/ui/icon";
import { BRAND } from "@/lib/brand";
import { config } from "@/lib/config";
import { absoluteUrl } from "@/features/marketing/metadata";
import { CONTACT_FAQ, CONTACT_HERO, CONTACT_QUICK_ACTIONS } from "@/features/marketing/page-copy";
import { Faq, PageHero } from "@/features/marketing/sections";
import { ContactForm } from "./contact-form";
import { CONTACT_ERRORS, FIELD_LABELS, type ContactErrorCode } from "./texts";

const DETAIL_LINK = "font-medium underline-offset-4 hover:underline";

/** One line of the contact details: an icon, then the phone, e-mail or hours. */
function ContactDetail({ icon, children }: { icon: IconName; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <Icon name={icon} className="mt-0.5 size-5 text-brand-700" />
      {children}
    </li>
  );
}

type SearchParams = Record<string, string | string[] | undefined>;

/** The error a no-JavaScript post came back with (/contact?error=...&fields=...); only known codes and field names. */
export function contactRefusal(q: SearchParams): { code?: ContactErrorCode; fields: string[] } {
  const code = typeof q.error === "string" && q.error in CONTACT_ERRORS ? (q.error as ContactErrorCode) : undefined;
  const fields = typeof q.fields === "string" ? q.fields.split(",").filter((f) => f in FIELD_LABELS) : [];
  return { code, fields };
}

/**
 * The contact page (spec 1). /contact is prerendered with no error; a
 * no-JavaScript post that was refused comes back to /contact?error=..., which
 * the proxy serves from /contact/refused, rendered per request with the error.
 */
export function ContactPageBody({ code, fields = [] }: { code?: ContactErrorCode; fields?: string[] }) {
  const external = config().CONTACT_FORM_ACTION;
  return (
    <>
      <PageHero {...CONTACT_HERO} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <ContactForm action={external ?? "/api/contact"} external={Boolean(external)} thankYouUrl={absoluteUrl("/contact-thank-you")} initialError={code} initialFields={fields} />
          </div>
        </div>
        <aside aria-labelledby="contact-details-title" className="space-y-8">
          <section className="rounded-2xl bg-slate-50 p-6">
            <h2 id="contact-details-title" className="text-lg font-semibold text-slate-950">
              Contact details
            </h2>
            <ul className="mt-4 space-y-4 text-slate-800">
              <ContactDetail icon="Phone">
                <a href={`tel:${BRAND.phone}`} className={DETAIL_LINK}>
                  {BRAND.phoneDisplay}
                </a>
              </ContactDetail>
              <ContactDetail icon="Mail">
                <a href={`mailto:${BRAND.email}`} className={DETAIL_LINK}>
                  {BRAND.email}
                </a>
              </ContactDetail>
              <ContactDetail icon="Clock">
                <span>
                  {BRAND.hoursDisplay}
                  <span className="block text-sm text-slate-700">We respond within 24 hours.</span>
                </span>
              </ContactDetail>
            </ul>
          </section>
          <section aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title" className="text-lg font-semibold text-slate-950">
              Quick actions
            </h2>
            <ul className="mt-4 space-y-3">
              {CONTACT_QUICK_ACTIONS.map((a) => (
                <li key={a.href}>
                  <Link href={a.href} className="flex gap-3 rounded-xl border border-slate-200 p-4 hover:border-brand-600 hover:bg-brand-50">
                    <Icon name={a.icon} className="mt-0.5 size-5 shrink-0 text-brand-700" />
                    <span className="text-sm text-slate-700">
                      <span className="block text-base font-semibold text-slate-950">{a.title}</span>
                      {a.body}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
      <section aria-labelledby="contact-faq-title" className="bg-slate-50 px-4 py-16 sm:px-6">
        <h2 id="contact-faq-title" className="mb-8 text-center text-3xl font-bold text-slate-950">
          Common questions
        </h2>
        <Faq items={CONTACT_FAQ} />
      </section>
    </>
  );
}

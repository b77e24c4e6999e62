import type { Metadata } from "next";
import Link from "next/link";
import { CalendarCheck, Clock, CreditCard, Mail, Phone, Wrench } from "lucide-react";
import { BRAND } from "@/lib/brand";
import { config } from "@/lib/config";
import { pageMetadata, absoluteUrl } from "@/features/marketing/metadata";
import { Faq, PageHero } from "@/features/marketing/sections";
import { ContactForm } from "@/features/contact/contact-form";
import { CONTACT_ERRORS, FIELD_LABELS, type ContactErrorCode } from "@/features/contact/schema";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/contact",
    title: "Contact Us",
    description: `Questions about AI employees, pricing or custom bots? Contact ${BRAND.name}. We reply within 24 hours, Monday to Friday 9 AM to 6 PM EST.`,
    keywords: ["contact HumanFocus AI", "AI receptionist sales", "AI employee support"],
  });
}

const QUICK_ACTIONS = [
  { href: "/hire-ai-employee", icon: CalendarCheck, title: "Book a demo", body: "See an AI employee answer a call for your business." },
  { href: "/pricing", icon: CreditCard, title: "See pricing", body: "Plans from $149 a month with a 14-day free trial." },
  { href: "/custom-services", icon: Wrench, title: "Custom services", body: "Bots for home services, government and defense." },
] as const;

const CONTACT_FAQ = [
  { q: "How quickly will you reply?", a: "We respond to every message within 24 hours, Monday to Friday 9 AM to 6 PM EST." },
  { q: "How long does it take to go live?", a: "Most businesses go live within 1-2 weeks of signing up; basic setups often take calls within 24 to 48 hours after the demo." },
  { q: "Do I need a new phone number?", a: "No. Keep your number and forward calls to your AI employee when you are busy, after hours or all the time." },
  { q: "Can I talk to a person before I buy?", a: "Of course. Book a demo or call us and a member of our team will walk you through it." },
] as const;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ContactPage({ searchParams }: { searchParams: SearchParams }) {
  const q = await searchParams;
  const code = typeof q.error === "string" && q.error in CONTACT_ERRORS ? (q.error as ContactErrorCode) : undefined;
  const fields = typeof q.fields === "string" ? q.fields.split(",").filter((f) => f in FIELD_LABELS) : [];
  const external = config().CONTACT_FORM_ACTION;
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Let's talk about your calls"
        lead="Tell us about your business and what you need. We respond within 24 hours, Monday to Friday 9 AM to 6 PM EST."
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <ContactForm
              action={external ?? "/api/contact"}
              external={Boolean(external)}
              thankYouUrl={absoluteUrl("/contact-thank-you")}
              initialError={code}
              initialFields={fields}
            />
          </div>
        </div>
        <aside aria-labelledby="contact-details-title" className="space-y-8">
          <section className="rounded-2xl bg-slate-50 p-6">
            <h2 id="contact-details-title" className="text-lg font-semibold text-slate-950">
              Contact details
            </h2>
            <ul className="mt-4 space-y-4 text-slate-800">
              <li className="flex gap-3">
                <Phone className="mt-0.5 size-5 text-brand-700" aria-hidden />
                <a href={`tel:${BRAND.phone}`} className="font-medium underline-offset-4 hover:underline">
                  {BRAND.phoneDisplay}
                </a>
              </li>
              <li className="flex gap-3">
                <Mail className="mt-0.5 size-5 text-brand-700" aria-hidden />
                <a href={`mailto:${BRAND.email}`} className="font-medium underline-offset-4 hover:underline">
                  {BRAND.email}
                </a>
              </li>
              <li className="flex gap-3">
                <Clock className="mt-0.5 size-5 text-brand-700" aria-hidden />
                <span>
                  {BRAND.hoursDisplay}
                  <span className="block text-sm text-slate-700">We respond within 24 hours.</span>
                </span>
              </li>
            </ul>
          </section>
          <section aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title" className="text-lg font-semibold text-slate-950">
              Quick actions
            </h2>
            <ul className="mt-4 space-y-3">
              {QUICK_ACTIONS.map((a) => (
                <li key={a.href}>
                  <Link href={a.href} className="flex gap-3 rounded-xl border border-slate-200 p-4 hover:border-brand-600 hover:bg-brand-50">
                    <a.icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
                    <span>
                      <span className="block font-semibold text-slate-950">{a.title}</span>
                      <span className="block text-sm text-slate-700">{a.body}</span>
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

import type { Metadata } from "next";
import Link from "next/link";
import { ExternalLink, Landmark, House, Lock } from "lucide-react";
import { config } from "@/lib/config";
import { pageMetadata } from "@/features/marketing/metadata";
import { PageHero, Section } from "@/features/marketing/sections";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/custom-services",
    title: "Custom AI Services",
    description:
      "Custom AI bots for home-services companies and for government and defense contractors: HR, operations, security, proposal writing and manual support, built to your security requirements.",
    keywords: ["custom AI bots", "government AI chatbot", "defense contractor AI", "proposal writing AI", "home services AI"],
  });
}

const HOME_SERVICES_BOTS = [
  { title: "Emergency dispatch bot", body: "Triages no-heat, no-water and leak calls at night, books the on-call technician and texts the customer an arrival window." },
  { title: "Estimate and quote bot", body: "Collects photos, measurements and job details by text so your estimators arrive with the right parts and price." },
  { title: "Maintenance plan bot", body: "Reminds members about tune-ups, books seasonal visits and answers what their plan covers." },
  { title: "Review and follow-up bot", body: "Checks in after every job, routes complaints to a manager and asks happy customers for a review." },
] as const;

const GOVERNMENT_BOTS = [
  { title: "HR bot", body: "Answers policy, leave and benefits questions for your workforce and walks new hires through onboarding." },
  { title: "Operations bot", body: "Finds procedures, checklists and points of contact across programs so teams stop searching shared drives." },
  { title: "Security bot", body: "Guides staff through security procedures, incident reporting steps and facility access requests." },
  { title: "Proposal-writing bot", body: "Drafts compliant responses from your past performance library and maps them to RFP requirements." },
  { title: "Manual support bot", body: "Answers questions from technical and maintenance manuals with the page reference, for field and depot teams." },
] as const;

const SECURITY = [
  "Deployment in your own cloud tenancy or on premises",
  "Encryption of data in transit and at rest",
  "Role-based access with single sign-on",
  "Full audit logs of every question and answer",
  "No training of shared models on your data",
  "Data-retention rules set to your contract requirements",
] as const;

export default function CustomServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Custom services"
        title="Custom AI bots built around how your organization works"
        lead="Beyond our standard AI employees, we design and run bots for home-services companies and for government and defense contractors."
      />

      <Section id="home-services" title="Home-services bots" lead="For HVAC, plumbing, electrical, cleaning and roofing companies that need more than a receptionist.">
        <ul className="grid gap-6 sm:grid-cols-2">
          {HOME_SERVICES_BOTS.map((b) => (
            <li key={b.title} className="rounded-xl border border-slate-200 p-6">
              <House className="size-6 text-brand-700" aria-hidden />
              <h3 className="mt-3 text-lg font-semibold text-slate-950">{b.title}</h3>
              <p className="mt-2 text-slate-700">{b.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="government" title="Government and defense contractor bots" lead="Secure assistants for the teams behind government programs." className="bg-slate-50">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {GOVERNMENT_BOTS.map((b) => (
            <li key={b.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <Landmark className="size-6 text-brand-700" aria-hidden />
              <h3 className="mt-3 text-lg font-semibold text-slate-950">{b.title}</h3>
              <p className="mt-2 text-slate-700">{b.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="security" title="Security built in">
        <ul className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2">
          {SECURITY.map((s) => (
            <li key={s} className="flex items-start gap-3 rounded-lg border border-slate-200 p-4 text-slate-800">
              <Lock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
              {s}
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="consult-title" className="bg-brand-800 px-4 py-16 text-center text-white sm:px-6">
        <div className="mx-auto max-w-3xl">
          <h2 id="consult-title" className="text-3xl font-bold">
            Talk to a solutions architect
          </h2>
          <p className="mt-4 text-lg text-brand-100">
            A 30-minute consultation to scope your bot, your data sources and your security requirements.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href={config().schedulingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-md bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Schedule a Consultation <ExternalLink className="size-4" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <Link href="/contact" className="inline-flex items-center rounded-md border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10">
              Request a Custom Quote
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

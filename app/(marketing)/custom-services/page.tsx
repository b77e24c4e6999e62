import type { Metadata } from "next";
import Link from "next/link";
import { Icon } from "@/lib/ui/icon";
import { config } from "@/lib/config";
import { routeMetadata } from "@/features/marketing/metadata";
import { CUSTOM_SERVICES_HERO, GOVERNMENT_BOTS, HOME_SERVICES_BOTS, SECURITY_FEATURES } from "@/features/marketing/page-copy";
import { PageHero, Section } from "@/features/marketing/sections";
import { CardSection } from "@/features/marketing/components/card-grid";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/custom-services");
}

export default function CustomServicesPage() {
  return (
    <>
      <PageHero {...CUSTOM_SERVICES_HERO} />

      <CardSection
        id="home-services"
        title="Home-services bots"
        lead="For HVAC, plumbing, electrical, cleaning and roofing companies that need more than a receptionist."
        items={HOME_SERVICES_BOTS}
        columns={2}
        icon="House"
      />

      <CardSection
        id="government"
        title="Government and defense contractor bots"
        lead="Secure assistants for the teams behind government programs."
        items={GOVERNMENT_BOTS}
        columns={3}
        icon="Landmark"
        tinted
      />

      <Section id="security" title="Security built in">
        <ul className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2">
          {SECURITY_FEATURES.map((s) => (
            <li key={s} className="flex items-start gap-3 rounded-lg border border-slate-200 p-4 text-slate-800">
              <Icon name="Lock" className="mt-0.5 size-5 shrink-0 text-brand-700" />
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
          <p className="mt-4 text-lg text-brand-100">A 30-minute consultation to scope your bot, your data sources and your security requirements.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href={config().schedulingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-md bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Schedule a Consultation <Icon name="ExternalLink" className="size-4" />
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

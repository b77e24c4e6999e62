import type { Metadata } from "next";
import { Icon } from "@/lib/ui/icon";
import { BRAND } from "@/lib/brand";
import { routeMetadata } from "@/features/marketing/metadata";
import { LocalBusinessJsonLd } from "@/features/marketing/json-ld";
import { HOME_FAQ, HOME_FEATURES, INDUSTRIES, MARKETING_STATS, PROBLEM_STATS, TESTIMONIALS } from "@/features/marketing/content";
import { DemoCta, Faq, FeatureGrid, PrimaryLink, SecondaryLink, Section, StatGrid, Testimonials } from "@/features/marketing/sections";
import { ProblemStats } from "@/features/marketing/components/problem-stats";

/** Prerendered, rendered again at most hourly, like the other public pages (app/(marketing)/layout.tsx). */
export const revalidate = 3600;

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/");
}

export default function HomePage() {
  return (
    <>
      <LocalBusinessJsonLd />
      <section className="bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{BRAND.tagline}</p>
            <h1 className="mt-3 text-balance text-4xl font-bold tracking-tight text-slate-950 sm:text-5xl">AI employees that answer every call, chat and text, 24/7</h1>
            <p className="mt-5 text-pretty text-lg text-slate-700">
              Stop losing jobs to voicemail. Your AI employee picks up on the first ring, answers questions about your services, books appointments into your calendar and hands urgent calls to your
              team, for a fraction of the cost of a receptionist.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <PrimaryLink href="/hire-ai-employee">
                BOOK A DEMO <Icon name="ArrowRight" className="size-4" />
              </PrimaryLink>
              <SecondaryLink href="/pricing">See Pricing</SecondaryLink>
            </div>
            <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
              {["14-day free trial", "Live in 24-48 hours", "Cancel anytime"].map((t) => (
                <li key={t} className="flex items-center gap-1.5">
                  <Icon name="CircleCheck" className="size-4 text-emerald-700" /> {t}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg" aria-label="Example call summary" role="figure">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Call summary · 11:42 PM</p>
            <p className="mt-3 font-semibold text-slate-950">No heat, family with an infant: emergency visit booked</p>
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-slate-600">Caller</dt>
                <dd className="font-medium text-slate-900">Jenna M.</dd>
              </div>
              <div>
                <dt className="text-slate-600">Booked</dt>
                <dd className="font-medium text-slate-900">Tomorrow, 7:30 AM</dd>
              </div>
              <div>
                <dt className="text-slate-600">Job</dt>
                <dd className="font-medium text-slate-900">Furnace not igniting</dd>
              </div>
              <div>
                <dt className="text-slate-600">Handled by</dt>
                <dd className="font-medium text-slate-900">AI employee</dd>
              </div>
            </dl>
            <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-slate-800">
              &ldquo;I&rsquo;ve booked a technician for 7:30 tomorrow morning and sent the on-call tech a note. You&rsquo;ll get a text confirmation in a moment.&rdquo;
            </p>
          </div>
        </div>
      </section>

      <section aria-label="Results our customers see" className="border-y border-slate-200 bg-white px-4 py-12 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <StatGrid stats={MARKETING_STATS} />
        </div>
      </section>

      <Section id="problem" title="Every missed call is a customer calling your competitor" className="bg-slate-50">
        <ProblemStats stats={PROBLEM_STATS} />
      </Section>

      <Section id="features" title="One AI employee, every channel your customers use" lead="Phone, web chat, SMS and social messages, answered the same way: fast, accurate and in your voice.">
        <FeatureGrid items={HOME_FEATURES} />
      </Section>

      <Section id="testimonials" title="Businesses that stopped missing calls" className="bg-slate-50">
        <Testimonials items={TESTIMONIALS} />
      </Section>

      <DemoCta />

      <Section id="faq" title="Frequently asked questions">
        <Faq items={HOME_FAQ} />
      </Section>

      <Section id="industries" title="Built for the businesses that live on the phone" lead="Twelve industries already run on our AI employees." className="bg-slate-50">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {INDUSTRIES.map((name) => (
            <li key={name} className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-center font-medium text-slate-900">
              {name}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

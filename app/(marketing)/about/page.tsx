import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { ABOUT_HERO, MISSION_FIGURES } from "@/features/marketing/page-copy";
import { CORE_VALUES, TEAM } from "@/features/marketing/content";
import { PageHero, PrimaryLink, Section, SecondaryLink, StatGrid } from "@/features/marketing/sections";
import { CardSection } from "@/features/marketing/components/card-grid";
import { TeamGrid } from "@/features/marketing/components/team-grid";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/about");
}

export default function AboutPage() {
  return (
    <>
      <PageHero {...ABOUT_HERO} />

      <Section id="mission" title="Our mission" lead="Make sure no small business ever loses a customer because nobody answered." className="bg-slate-50">
        <StatGrid stats={MISSION_FIGURES} />
      </Section>

      <Section id="team" title="The team">
        <TeamGrid members={TEAM} />
      </Section>

      <CardSection id="values" title="Our core values" items={CORE_VALUES} columns={4} tinted />

      <section aria-labelledby="trial-title" className="px-4 py-16 text-center sm:px-6">
        <h2 id="trial-title" className="text-3xl font-bold text-slate-950">
          Put an AI employee on your phones this week
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-700">14-day free trial on every plan. Cancel anytime.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* /api/login is a server redirect: a full page navigation, not a client route. */}
          <PrimaryLink href="/api/login">Start Free Trial</PrimaryLink>
          <SecondaryLink href="/pricing">See Pricing</SecondaryLink>
        </div>
      </section>
    </>
  );
}

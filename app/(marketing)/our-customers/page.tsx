import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { CUSTOMERS_HERO, INDUSTRY_CARDS } from "@/features/marketing/page-copy";
import { TESTIMONIALS, marketingStats } from "@/features/marketing/content";
import { DemoCta, PageHero, Section, StatGrid, Testimonials } from "@/features/marketing/sections";
import { CardSection } from "@/features/marketing/components/card-grid";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/our-customers");
}

/** The home page's figures, customer results first. */
const FIGURES = marketingStats(["35%", "98%", "10,000+", "150+"]);

export default function OurCustomersPage() {
  return (
    <>
      <PageHero {...CUSTOMERS_HERO} />
      <Section id="figures" className="py-10">
        <StatGrid stats={FIGURES} />
      </Section>
      <CardSection id="industries" title="Industries we serve" items={INDUSTRY_CARDS} columns={3} tinted />
      <Section id="reviews" title="What our customers say">
        <Testimonials items={TESTIMONIALS} />
      </Section>
      <DemoCta title="Join them" />
    </>
  );
}

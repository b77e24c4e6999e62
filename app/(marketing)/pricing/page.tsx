import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { PRICING_BENEFITS, PRICING_HERO, PRICING_SETUP } from "@/features/marketing/page-copy";
import { DemoCta, Faq, PageHero, Section } from "@/features/marketing/sections";
import { CardSection } from "@/features/marketing/components/card-grid";
import { PlanCards } from "@/features/marketing/pricing/plan-cards";
import { CostEstimator } from "@/features/marketing/pricing/estimator";
import { UnitChartTable } from "@/features/plans/components/unit-chart-table";
import { PlanPriceTable } from "@/features/plans/components/plan-price-table";
import { pricingFaq } from "@/features/plans/pricing-faq";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/pricing");
}

export default function PricingPage() {
  return (
    <>
      <PageHero {...PRICING_HERO} />

      <Section id="plans" className="pt-4" labelledBy="plans-title">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <PlanCards />
      </Section>

      <Section id="estimator" title="Estimate your monthly cost" lead="Tell us about a typical month and we will recommend the cheapest plan, extra units included." className="bg-slate-50">
        <CostEstimator />
      </Section>

      <Section id="units" title="How units are calculated" lead="One set of rules for every plan. Units reset monthly.">
        <div className="mx-auto max-w-3xl overflow-x-auto">
          <UnitChartTable />
        </div>
      </Section>

      <Section id="compare" title="Detailed pricing" className="bg-slate-50">
        <PlanPriceTable className="rounded-xl border border-slate-200 bg-white" />
      </Section>

      <CardSection id="benefits" title="Included with every plan" items={PRICING_BENEFITS} columns={4} small />

      <CardSection id="setup" title="Setup and maintenance" items={PRICING_SETUP} columns={4} tinted small />

      <Section id="pricing-faq" title="Pricing questions">
        <Faq items={pricingFaq()} />
      </Section>

      <DemoCta title="Not sure which plan fits?" body="Book a demo and we will look at your call volume with you and recommend a plan." />
    </>
  );
}

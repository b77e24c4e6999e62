import type { Metadata } from "next";
import { CalendarClock, CircleCheck, Clock, CreditCard, Gauge, Settings, Wrench, Zap } from "lucide-react";
import { pageMetadata } from "@/features/marketing/metadata";
import { DemoCta, Faq, PageHero, Section } from "@/features/marketing/sections";
import { PlanCards } from "@/features/marketing/pricing/plan-cards";
import { CostEstimator } from "@/features/marketing/pricing/estimator";
import { UnitChartTable } from "@/features/plans/components/unit-chart-table";
import { PlanPriceTable } from "@/features/plans/components/plan-price-table";
import { pricingFaq } from "@/features/plans/pricing-faq";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/pricing",
    title: "Pricing",
    description:
      "Simple AI employee plans from $149 a month: Small, Medium, Large, Corp and Enterprise. 14-day free trial, save 10% with annual billing, clear unit pricing for calls and chats.",
    keywords: ["AI receptionist pricing", "AI answering service cost", "virtual receptionist plans", "AI phone answering price"],
  });
}

const BENEFITS = [
  { icon: CalendarClock, title: "14-day free trial", body: "Try any plan for 14 days. Your card is only charged after the trial ends." },
  { icon: CreditCard, title: "No long-term contract", body: "Month to month, or annual to save 10%. Cancel anytime from your billing page." },
  { icon: Gauge, title: "Pay for what you use", body: "Units reset monthly. Go over and extra units are billed at your plan's rate, never a surprise flat fee." },
  { icon: Zap, title: "Spam never costs you", body: "Spam calls are disconnected within 30 seconds. Longer spam calls can be reported by session ID for a credit." },
] as const;

const SETUP = [
  { icon: CircleCheck, title: "Basic setup: free", body: "Greeting, business knowledge, hours, service area and booking rules, configured by our team." },
  { icon: Wrench, title: "Advanced setup: $65 per hour", body: "CRM and scheduling integrations, custom workflows and the features marked with an asterisk." },
  { icon: Settings, title: "8 hours of maintenance a month", body: "Included on every plan: script updates, new services, seasonal hours and prompt tuning." },
  { icon: Clock, title: "Live in 24-48 hours", body: "Most AI employees take calls within 24 to 48 hours after your demo." },
] as const;


export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple plans that cost less than one missed customer"
        lead="Every plan includes 24/7 phone answering, website chat and SMS booking, with a 14-day free trial. Plans start at $149 a month."
      />

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

      <Section id="benefits" title="Included with every plan">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <li key={b.title} className="rounded-xl border border-slate-200 p-6">
              <b.icon className="size-6 text-brand-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-950">{b.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{b.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="setup" title="Setup and maintenance" className="bg-slate-50">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SETUP.map((b) => (
            <li key={b.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <b.icon className="size-6 text-brand-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-950">{b.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{b.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="pricing-faq" title="Pricing questions">
        <Faq items={pricingFaq()} />
      </Section>

      <DemoCta title="Not sure which plan fits?" body="Book a demo and we will look at your call volume with you and recommend a plan." />
    </>
  );
}

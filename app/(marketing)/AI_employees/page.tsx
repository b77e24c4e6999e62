import type { Metadata } from "next";
import Link from "next/link";
import { routeMetadata } from "@/features/marketing/metadata";
import { AI_EMPLOYEES_HERO, HOW_IT_WORKS_STEPS } from "@/features/marketing/page-copy";
import { SERVICES } from "@/features/marketing/content";
import { DemoCta, FeatureGrid, PageHero, PrimaryLink, Section, SecondaryLink } from "@/features/marketing/sections";
import { StepList } from "@/features/marketing/components/step-list";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/AI_employees");
}

export default function AiEmployeesPage() {
  return (
    <>
      <PageHero {...AI_EMPLOYEES_HERO}>
        <PrimaryLink href="/hire-ai-employee">Book a Demo</PrimaryLink>
        <SecondaryLink href="/pricing">View Pricing</SecondaryLink>
      </PageHero>

      <Section id="services" title="What your AI employee does">
        <FeatureGrid items={SERVICES} />
      </Section>

      <Section id="how-it-works" title="How it works" className="bg-slate-50">
        <StepList steps={HOW_IT_WORKS_STEPS} tinted />
        <p className="mt-8 text-center text-slate-700">
          Every plan covers all six roles.{" "}
          <Link href="/pricing" className="font-semibold text-brand-700 underline underline-offset-4">
            Compare plans and unit pricing
          </Link>
          .
        </p>
      </Section>

      <DemoCta />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { pageMetadata } from "@/features/marketing/metadata";
import { SERVICES } from "@/features/marketing/content";
import { DemoCta, FeatureGrid, PageHero, PrimaryLink, Section, SecondaryLink } from "@/features/marketing/sections";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/AI_employees",
    title: "AI Employees",
    description:
      "Meet the AI employees that answer calls, book appointments, reply to chats, texts and social messages, route emergencies and run a HIPAA-compliant patient line for your business.",
    keywords: ["AI employees", "AI receptionist", "AI appointment setter", "AI chat agent", "HIPAA answering service"],
  });
}

const STEPS = [
  { title: "Book a demo", body: "Tell us how your business works: services, prices, hours, service area and who takes which calls." },
  { title: "We set it up", body: "Our team trains your AI employee and connects your phone number, calendar and website within 24 to 48 hours." },
  { title: "It goes to work", body: "Every call, chat and text is answered. You get summaries, recordings and booked appointments." },
] as const;

export default function AiEmployeesPage() {
  return (
    <>
      <PageHero
        eyebrow="AI Employees"
        title="Six AI employees, one subscription"
        lead="Each plan includes every role below. Turn on the ones your business needs and your AI employee covers them around the clock."
      >
        <PrimaryLink href="/hire-ai-employee">Book a Demo</PrimaryLink>
        <SecondaryLink href="/pricing">View Pricing</SecondaryLink>
      </PageHero>

      <Section id="services" title="What your AI employee does">
        <FeatureGrid items={SERVICES} />
      </Section>

      <Section id="how-it-works" title="How it works" className="bg-slate-50">
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white" aria-hidden>
                {i + 1}
              </span>
              <h3 className="mt-3 text-lg font-semibold text-slate-950">{s.title}</h3>
              <p className="mt-2 text-slate-700">{s.body}</p>
            </li>
          ))}
        </ol>
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

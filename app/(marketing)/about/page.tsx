import type { Metadata } from "next";
import Link from "next/link";
import { BRAND } from "@/lib/brand";
import { pageMetadata } from "@/features/marketing/metadata";
import { CORE_VALUES, TEAM } from "@/features/marketing/content";
import { PageHero, Section, StatGrid } from "@/features/marketing/sections";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/about",
    title: "About Us",
    description: `${BRAND.name} builds AI employees that answer calls, chats and texts for small and mid-size businesses. Meet the team and the values behind ${BRAND.tagline}`,
    keywords: ["about HumanFocus AI", "AI receptionist company", "AI employees team"],
  });
}

const MISSION_FIGURES = [
  { value: "10,000+", label: "Calls answered every day" },
  { value: "150+", label: "AI employees in service" },
  { value: "99.9%", label: "Uptime" },
  { value: "98%", label: "Customer satisfaction" },
] as const;

function initials(name: string) {
  return name
    .split(" ")
    .map((p) => p[0])
    .join("")
    .slice(0, 2);
}

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title={BRAND.tagline}
        lead="We started in a plumbing company's office where the phone rang all day and nobody could pick it up. Today our AI employees answer for businesses across the United States, so the people in them can focus on their customers."
      />

      <Section id="mission" title="Our mission" lead="Make sure no small business ever loses a customer because nobody answered." className="bg-slate-50">
        <StatGrid stats={MISSION_FIGURES} />
      </Section>

      <Section id="team" title="The team">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {TEAM.map((m) => (
            <li key={m.name} className="rounded-xl border border-slate-200 p-6 text-center">
              <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800" aria-hidden>
                {initials(m.name)}
              </span>
              <h3 className="mt-4 font-semibold text-slate-950">{m.name}</h3>
              <p className="text-sm font-medium text-brand-800">{m.role}</p>
              <p className="mt-2 text-sm text-slate-700">{m.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="values" title="Our core values" className="bg-slate-50">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CORE_VALUES.map((v) => (
            <li key={v.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-slate-950">{v.title}</h3>
              <p className="mt-2 text-slate-700">{v.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="trial-title" className="px-4 py-16 text-center sm:px-6">
        <h2 id="trial-title" className="text-3xl font-bold text-slate-950">
          Put an AI employee on your phones this week
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-700">14-day free trial on every plan. Cancel anytime.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* /api/login is a server redirect: a full page navigation, not a client route. */}
          <a href="/api/login" className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
            Start Free Trial
          </a>
          <Link href="/pricing" className="rounded-md border border-slate-300 px-6 py-3 font-semibold text-slate-900 hover:bg-slate-100">
            See Pricing
          </Link>
        </div>
      </section>
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Icon } from "@/lib/ui/icon";
import { BRAND } from "@/lib/brand";
import { routeMetadata } from "@/features/marketing/metadata";
import { CONTACT_NEXT_STEPS } from "@/features/marketing/page-copy";
import { StepList } from "@/features/marketing/components/step-list";
import { PrimaryLink, SecondaryLink } from "@/features/marketing/sections";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/contact-thank-you");
}

/** Where to go next: the link and its text. */
const EXPLORE = [
  ["/", "Home"],
  ["/pricing", "Pricing"],
  ["/services", "Services"],
  ["/about", "About"],
] as const;

export default function ThankYouPage() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
      <Icon name="CircleCheck" className="mx-auto size-14 text-emerald-700" />
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-950">Thank You!</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">Your message has been sent. Here is what happens next.</p>
      <StepList steps={CONTACT_NEXT_STEPS} heading="h2" numberSize={8} className="mt-10 text-left" />
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <PrimaryLink href="/hire-ai-employee">Book a Demo Now</PrimaryLink>
        <SecondaryLink href={`mailto:${BRAND.email}`}>Email {BRAND.email}</SecondaryLink>
      </div>
      <nav aria-label="Keep exploring" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-brand-700">
          {EXPLORE.map(([href, label]) => (
            <li key={href}>
              <Link className="underline underline-offset-4" href={href}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

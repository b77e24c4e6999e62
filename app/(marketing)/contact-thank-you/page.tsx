import type { Metadata } from "next";
import Link from "next/link";
import { CircleCheck } from "lucide-react";
import { BRAND } from "@/lib/brand";
import { routeMetadata } from "@/features/marketing/metadata";
import { CONTACT_NEXT_STEPS } from "@/features/marketing/page-copy";
import { StepList } from "@/features/marketing/components/step-list";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/contact-thank-you");
}

export default function ThankYouPage() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
      <CircleCheck className="mx-auto size-14 text-emerald-700" aria-hidden />
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-950">Thank You!</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">Your message has been sent. Here is what happens next.</p>
      <StepList steps={CONTACT_NEXT_STEPS} heading="h2" numberSize={8} className="mt-10 text-left" />
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link href="/hire-ai-employee" className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Book a Demo Now
        </Link>
        <a href={`mailto:${BRAND.email}`} className="rounded-md border border-slate-300 px-6 py-3 font-semibold text-slate-900 hover:bg-slate-100">
          Email {BRAND.email}
        </a>
      </div>
      <nav aria-label="Keep exploring" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-brand-700">
          <li>
            <Link className="underline underline-offset-4" href="/">
              Home
            </Link>
          </li>
          <li>
            <Link className="underline underline-offset-4" href="/pricing">
              Pricing
            </Link>
          </li>
          <li>
            <Link className="underline underline-offset-4" href="/services">
              Services
            </Link>
          </li>
          <li>
            <Link className="underline underline-offset-4" href="/about">
              About
            </Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { CircleCheck } from "lucide-react";
import { BRAND } from "@/lib/brand";
import { pageMetadata } from "@/features/marketing/metadata";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/contact-thank-you",
    title: "Thank You",
    description: `Thanks for contacting ${BRAND.name}. We review every message and respond within 24 hours.`,
    keywords: ["contact confirmation"],
  });
}

const NEXT_STEPS = [
  { title: "Review", body: "A member of our team reads your message and looks up your business so we can give a useful answer." },
  { title: "Response", body: "We reply within 24 hours, Monday to Friday 9 AM to 6 PM EST, by e-mail or phone, as you prefer." },
  { title: "Schedule", body: "If it helps, we set up a demo or a consultation at a time that suits you." },
] as const;

export default function ThankYouPage() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
      <CircleCheck className="mx-auto size-14 text-emerald-700" aria-hidden />
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-950">Thank You!</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">Your message has been sent. Here is what happens next.</p>
      <ol className="mt-10 grid gap-6 text-left md:grid-cols-3">
        {NEXT_STEPS.map((s, i) => (
          <li key={s.title} className="rounded-xl border border-slate-200 p-6">
            <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 font-bold text-white" aria-hidden>
              {i + 1}
            </span>
            <h2 className="mt-3 text-lg font-semibold text-slate-950">{s.title}</h2>
            <p className="mt-2 text-slate-700">{s.body}</p>
          </li>
        ))}
      </ol>
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
          <li><Link className="underline underline-offset-4" href="/">Home</Link></li>
          <li><Link className="underline underline-offset-4" href="/pricing">Pricing</Link></li>
          <li><Link className="underline underline-offset-4" href="/services">Services</Link></li>
          <li><Link className="underline underline-offset-4" href="/about">About</Link></li>
        </ul>
      </nav>
    </section>
  );
}

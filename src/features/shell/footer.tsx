import Link from "next/link";
import { Icon } from "@/lib/ui/icon";
import { BRAND } from "@/lib/brand";
import { hipaaClaims } from "@/features/plans/catalogue";

type FooterLink = { href: string; label: string };

const SERVICES: FooterLink[] = ["24/7 Phone Answering", "Website Live Chat", "SMS Appointment Booking"].map((label) => ({
  href: "/custom-services",
  label,
}));
/** HIPAA: which plans include it is the catalogue's (ADR 0121); the pricing FAQ says what a BAA requires. */
const HIPAA_LINK: FooterLink = { href: "/pricing#pricing-faq", label: "HIPAA Compliance" };
const COMPANY: FooterLink[] = [
  { href: "/about", label: "About Us" },
  { href: "/pricing", label: "Pricing" },
  { href: "/contact", label: "Contact" },
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/terms-of-service", label: "Terms of Service" },
];
/** Customers' developers: the API reference and the webhooks guide (issue 25). */
const DEVELOPERS: FooterLink[] = [
  { href: "/docs/api", label: "API Reference" },
  { href: "/docs/webhooks", label: "Webhooks" },
];

/** A titled column of footer links (its title also names the nav landmark). */
function FooterColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.label}>
            <Link href={l.href} className="text-slate-300 hover:text-white">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-950 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{BRAND.name}</p>
          <p className="mt-2 text-sm font-semibold text-brand-200">{BRAND.tagline}</p>
          <p className="mt-3 text-sm text-slate-300">{BRAND.description}</p>
          <ul className="mt-4 flex flex-wrap gap-3" aria-label="Compliance">
            <li className="inline-flex items-center gap-1 rounded-full border border-slate-600 px-3 py-1 text-xs font-semibold">
              <Icon name="Lock" className="size-3.5" /> GDPR
            </li>
            <li className="inline-flex items-center gap-1 rounded-full border border-slate-600 px-3 py-1 text-xs font-semibold">
              <Icon name="ShieldCheck" className="size-3.5" /> {hipaaClaims().badge}
            </li>
          </ul>
        </div>
        <FooterColumn title="Services" links={[...SERVICES, HIPAA_LINK]} />
        <FooterColumn title="Company" links={COMPANY} />
        <FooterColumn title="Developers" links={DEVELOPERS} />
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-sm text-slate-400">
        © {year} {BRAND.name}. All rights reserved.
      </div>
    </footer>
  );
}

import Link from "next/link";
import { cn } from "@/lib/ui/cn";
import { Icon } from "@/lib/ui/icon";
import type { Feature } from "./content";
import { FeatureIconView } from "./icons";

/** A page's top band: eyebrow, h1 and lead paragraph. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead: string; children?: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-3 text-balance text-4xl font-bold tracking-tight text-slate-950 sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-3xl text-pretty text-lg text-slate-700">{lead}</p>
        {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}

export function Section({ id, title, lead, className, children, labelledBy }: { id?: string; title?: string; lead?: string; className?: string; children: React.ReactNode; labelledBy?: string }) {
  const headingId = labelledBy ?? (id ? `${id}-title` : undefined);
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={cn("px-4 py-16 sm:px-6", className)}>
      <div className="mx-auto max-w-7xl">
        {title ? (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-950">
              {title}
            </h2>
            {lead ? <p className="mt-3 text-lg text-slate-700">{lead}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}

const linkBase = "inline-flex items-center justify-center gap-2 rounded-md px-6 py-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * The demo booking page's form brings its validation libraries (react-hook-form
 * and zod, 64 KB): a link to it is not prefetched, so that readers of the page
 * holding the link do not download them unless they follow it (issue 27,
 * JavaScript per page). Following it is still a client-side navigation.
 */
const NOT_PREFETCHED = new Set(["/hire-ai-employee", "/demo-ai-employee"]);

/**
 * A button-styled link: a client-side navigation within the site, a plain
 * link to a server route (/api/login redirects) or to another scheme (mailto:).
 */
function ButtonLink({ href, children, className }: { href: string; children: React.ReactNode; className: string }) {
  if (href.startsWith("/api/") || !href.startsWith("/")) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className} prefetch={NOT_PREFETCHED.has(href) ? false : undefined}>
      {children}
    </Link>
  );
}

export function PrimaryLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <ButtonLink href={href} className={cn(linkBase, "bg-brand-700 text-white hover:bg-brand-800", className)}>
      {children}
    </ButtonLink>
  );
}

export function SecondaryLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <ButtonLink href={href} className={cn(linkBase, "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100", className)}>
      {children}
    </ButtonLink>
  );
}

export function FeatureGrid({ items }: { items: readonly Feature[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((f) => (
        <li key={f.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <FeatureIconView icon={f.icon} className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-950">{f.title}</h3>
          <p className="mt-2 text-slate-700">{f.body}</p>
        </li>
      ))}
    </ul>
  );
}

export function StatGrid({ stats, dark = false }: { stats: readonly { value: string; label: string }[]; dark?: boolean }) {
  return (
    <dl className={cn("grid gap-6 text-center", stats.length >= 5 ? "grid-cols-2 md:grid-cols-5" : "grid-cols-2 md:grid-cols-4")}>
      {stats.map((s) => (
        <div key={s.label} className="flex flex-col-reverse">
          <dt className={cn("mt-1 text-sm", dark ? "text-brand-100" : "text-slate-700")}>{s.label}</dt>
          <dd className={cn("text-3xl font-bold", dark ? "text-white" : "text-brand-700")}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FiveStars() {
  return (
    <div role="img" aria-label="Rated 5 out of 5 stars" className="flex gap-0.5 text-amber-500">
      {[0, 1, 2, 3, 4].map((i) => (
        <Icon key={i} name="StarFilled" className="size-4" />
      ))}
    </div>
  );
}

export function Testimonials({ items }: { items: readonly { quote: string; name: string; role: string }[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {items.map((t) => (
        <li key={t.name}>
          <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <FiveStars />
            <blockquote className="mt-4 flex-1 text-slate-800">&ldquo;{t.quote}&rdquo;</blockquote>
            <figcaption className="mt-4 text-sm">
              <span className="font-semibold text-slate-950">{t.name}</span>
              <span className="block text-slate-700">{t.role}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/**
 * FAQ accordion built on <details>/<summary>: keyboard and screen-reader
 * friendly, works without JavaScript and keeps every answer in the HTML.
 */
export function Faq({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 border-y border-slate-200">
      {items.map((item) => (
        <details key={item.q} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium text-slate-950 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
            {item.q}
            <Icon name="ChevronDown" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <p className="pb-4 text-slate-700">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

/** The closing call to action used on several pages. */
export function DemoCta({
  title = "See your AI employee answer a real call",
  body = "Book a 20-minute demo. We will set up a sample AI employee with your business details and you can call it yourself.",
}: {
  title?: string;
  body?: string;
}) {
  return (
    <section aria-labelledby="demo-cta-title" className="bg-brand-800 px-4 py-16 text-center text-white sm:px-6">
      <div className="mx-auto max-w-3xl">
        <h2 id="demo-cta-title" className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mt-4 text-lg text-brand-100">{body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/hire-ai-employee" className={cn(linkBase, "bg-white text-brand-800 hover:bg-brand-50")}>
            BOOK A DEMO
          </ButtonLink>
          <ButtonLink href="/pricing" className={cn(linkBase, "border border-white/70 text-white hover:bg-white/10")}>
            See Pricing
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

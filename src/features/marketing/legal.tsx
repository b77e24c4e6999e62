import { BRAND } from "@/lib/brand";
import { formatDate } from "@/lib/format";

/** Spec 9 legal constants, used by the terms and the privacy policy. */
export const LEGAL = {
  uptimeAim: "99.9%",
  priceChangeNoticeDays: 30,
  liabilityCapMonths: 12,
  conversationLogsAnonymizedAfter: "1 year",
  billingRecordsKept: "7 years",
  supportTicketsKept: "3 years",
  minimumAge: 13,
} as const;

/**
 * A legal page. `lastUpdated` is the day its text last changed (ISO date),
 * written in the page file beside the text: change both together (ADR 0122;
 * it replaces "today's date" of ADR 0098).
 */
export function LegalPage({ title, intro, sections, lastUpdated }: { title: string; intro: string; sections: readonly { heading: string; body: readonly string[] }[]; lastUpdated: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-slate-950">{title}</h1>
      <p className="mt-3 text-sm text-slate-700" data-testid="last-updated">
        Last updated: <time dateTime={lastUpdated}>{formatDate(`${lastUpdated}T12:00:00Z`, { style: "long" })}</time>
      </p>
      <p className="mt-6 text-lg text-slate-800">{intro}</p>
      {sections.map((s, i) => (
        <section key={s.heading} aria-labelledby={`legal-${i}`} className="mt-10">
          <h2 id={`legal-${i}`} className="text-2xl font-semibold text-slate-950">
            {i + 1}. {s.heading}
          </h2>
          {s.body.map((p) => (
            <p key={p} className="mt-3 leading-7 text-slate-800">
              {p}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-700">
        Questions? Write to{" "}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${BRAND.email}`}>
          {BRAND.email}
        </a>{" "}
        or call{" "}
        <a className="font-semibold text-brand-700 underline" href={`tel:${BRAND.phone}`}>
          {BRAND.phoneDisplay}
        </a>
        , {BRAND.hoursDisplay}.
      </p>
    </article>
  );
}

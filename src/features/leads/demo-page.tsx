import "server-only";
import { config } from "@/lib/config";
import { Icon } from "@/lib/ui/icon";
import { DemoForm } from "./demo-form";

const DEMO_FEATURES = [
  { icon: "PhoneCall", title: "Hear it answer your calls", body: "We load your services and hours into a sample AI employee and you call it live." },
  { icon: "CalendarCheck", title: "See a booking land", body: "Watch an appointment go into a calendar with the caller's details and a summary." },
  { icon: "Sparkles", title: "Get a tailored setup plan", body: "Leave with the greeting, transfer rules and integrations we recommend for you." },
  { icon: "Clock", title: "Live in 24-48 hours", body: "Like what you see? Your AI employee can take real calls within two days." },
] as const;

/**
 * Both demo pages: the same title and form; the second adds four feature
 * cards. Prerendered: the form reads its prefill from the address in the
 * browser (demo-prefill.ts).
 */
export function DemoBookingPage({ withFeatures }: { withFeatures: boolean }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Free 20-minute demo</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-950 sm:text-5xl">Book Your AI Employee Demo</h1>
          <p className="mt-5 text-lg text-slate-700">Tell us where to reach you, then choose a time that suits you. We will show you an AI employee answering calls for a business like yours.</p>
          {withFeatures ? (
            <ul className="mt-8 grid gap-4 sm:grid-cols-2">
              {DEMO_FEATURES.map((f) => (
                <li key={f.title} className="rounded-xl border border-slate-200 bg-white p-5">
                  <Icon name={f.icon} className="size-6 text-brand-700" />
                  <h2 className="mt-3 font-semibold text-slate-950">{f.title}</h2>
                  <p className="mt-1 text-sm text-slate-700">{f.body}</p>
                </li>
              ))}
            </ul>
          ) : (
            <ul className="mt-8 space-y-3 text-slate-800">
              <li>✓ A live call with an AI employee set up for your business</li>
              <li>✓ Pricing for your call volume, with a 14-day free trial</li>
              <li>✓ No obligation, no credit card for the demo</li>
            </ul>
          )}
        </div>
        <DemoForm schedulingUrl={config().schedulingUrl} />
      </div>
    </section>
  );
}

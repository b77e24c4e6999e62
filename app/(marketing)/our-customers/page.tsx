import type { Metadata } from "next";
import { pageMetadata } from "@/features/marketing/metadata";
import { TESTIMONIALS } from "@/features/marketing/content";
import { DemoCta, PageHero, Section, StatGrid, Testimonials } from "@/features/marketing/sections";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/our-customers",
    title: "Our Customers",
    description:
      "HVAC companies, dental practices, law firms, cleaning services and more use AI employees to answer every call. Read their results and reviews.",
    keywords: ["AI receptionist reviews", "AI answering service customers", "AI employee case studies"],
  });
}

const INDUSTRY_CARDS = [
  { title: "Home Services & HVAC", body: "After-hours emergencies booked on the spot, technicians dispatched with a summary, no more voicemail tag." },
  { title: "Dental & Medical Practices", body: "Appointment requests, reschedules and insurance questions handled under HIPAA safeguards." },
  { title: "Legal", body: "New-client intake at any hour, conflict-check details captured and consultations booked." },
  { title: "Real Estate", body: "Buyer and renter inquiries qualified and showings booked while agents are out with clients." },
  { title: "Restaurants", body: "Reservations, catering inquiries, hours and menu questions answered during the dinner rush." },
  { title: "Cleaning Services", body: "Quotes, recurring bookings and move-out cleans scheduled by phone, chat or text." },
] as const;

const FIGURES = [
  { value: "35%", label: "Average conversion increase" },
  { value: "98%", label: "Customer satisfaction" },
  { value: "10,000+", label: "Calls answered a day" },
  { value: "150+", label: "AI employees at work" },
] as const;

export default function OurCustomersPage() {
  return (
    <>
      <PageHero
        eyebrow="Our customers"
        title="Trusted by businesses that can't afford to miss a call"
        lead="From single-truck contractors to multi-location practices, our customers answer every call and book more work."
      />
      <Section id="figures" className="py-10">
        <StatGrid stats={FIGURES} />
      </Section>
      <Section id="industries" title="Industries we serve" className="bg-slate-50">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {INDUSTRY_CARDS.map((c) => (
            <li key={c.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-slate-950">{c.title}</h3>
              <p className="mt-2 text-slate-700">{c.body}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="reviews" title="What our customers say">
        <Testimonials items={TESTIMONIALS} />
      </Section>
      <DemoCta title="Join them" />
    </>
  );
}

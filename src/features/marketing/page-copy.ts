/**
 * Copy that belongs to one public page each: the page file lays it out, this
 * file holds the words (copy shared by several pages is in content.ts).
 */
import { hipaaPlanNames } from "@/features/plans/catalogue";
import { CalendarCheck, CalendarClock, CircleCheck, Clock, CreditCard, Gauge, Settings, Wrench, Zap } from "lucide-react";
import { BRAND } from "@/lib/brand";

// /about

export const ABOUT_HERO = {
  eyebrow: "About us",
  title: BRAND.tagline,
  lead: "We started in a plumbing company's office where the phone rang all day and nobody could pick it up. Today our AI employees answer for businesses across the United States, so the people in them can focus on their customers.",
} as const;

export const MISSION_FIGURES = [
  { value: "10,000+", label: "Calls answered every day" },
  { value: "150+", label: "AI employees in service" },
  { value: "99.9%", label: "Uptime" },
  { value: "98%", label: "Customer satisfaction" },
] as const;

// /AI_employees

export const AI_EMPLOYEES_HERO = {
  eyebrow: "AI Employees",
  title: "Six AI employees, one subscription",
  lead: "Each plan includes every role below. Turn on the ones your business needs and your AI employee covers them around the clock.",
} as const;

export const HOW_IT_WORKS_STEPS = [
  { title: "Book a demo", body: "Tell us how your business works: services, prices, hours, service area and who takes which calls." },
  { title: "We set it up", body: "Our team trains your AI employee and connects your phone number, calendar and website within 24 to 48 hours." },
  { title: "It goes to work", body: "Every call, chat and text is answered. You get summaries, recordings and booked appointments." },
] as const;

// /contact-thank-you

export const CONTACT_NEXT_STEPS = [
  { title: "Review", body: "A member of our team reads your message and looks up your business so we can give a useful answer." },
  { title: "Response", body: "We reply within 24 hours, Monday to Friday 9 AM to 6 PM EST, by e-mail or phone, as you prefer." },
  { title: "Schedule", body: "If it helps, we set up a demo or a consultation at a time that suits you." },
] as const;

// /contact

export const CONTACT_HERO = {
  eyebrow: "Contact",
  title: "Let's talk about your calls",
  lead: "Tell us about your business and what you need. We respond within 24 hours, Monday to Friday 9 AM to 6 PM EST.",
} as const;

export const CONTACT_QUICK_ACTIONS = [
  { href: "/hire-ai-employee", icon: CalendarCheck, title: "Book a demo", body: "See an AI employee answer a call for your business." },
  { href: "/pricing", icon: CreditCard, title: "See pricing", body: "Plans from $149 a month with a 14-day free trial." },
  { href: "/custom-services", icon: Wrench, title: "Custom services", body: "Bots for home services, government and defense." },
] as const;

export const CONTACT_FAQ = [
  { q: "How quickly will you reply?", a: "We respond to every message within 24 hours, Monday to Friday 9 AM to 6 PM EST." },
  { q: "How long does it take to go live?", a: "Most businesses go live within 1-2 weeks of signing up; basic setups often take calls within 24 to 48 hours after the demo." },
  { q: "Do I need a new phone number?", a: "No. Keep your number and forward calls to your AI employee when you are busy, after hours or all the time." },
  { q: "Can I talk to a person before I buy?", a: "Of course. Book a demo or call us and a member of our team will walk you through it." },
] as const;

// /custom-services

export const CUSTOM_SERVICES_HERO = {
  eyebrow: "Custom services",
  title: "Custom AI bots built around how your organization works",
  lead: "Beyond our standard AI employees, we design and run bots for home-services companies and for government and defense contractors.",
} as const;

export const HOME_SERVICES_BOTS = [
  { title: "Emergency dispatch bot", body: "Triages no-heat, no-water and leak calls at night, books the on-call technician and texts the customer an arrival window." },
  { title: "Estimate and quote bot", body: "Collects photos, measurements and job details by text so your estimators arrive with the right parts and price." },
  { title: "Maintenance plan bot", body: "Reminds members about tune-ups, books seasonal visits and answers what their plan covers." },
  { title: "Review and follow-up bot", body: "Checks in after every job, routes complaints to a manager and asks happy customers for a review." },
] as const;

export const GOVERNMENT_BOTS = [
  { title: "HR bot", body: "Answers policy, leave and benefits questions for your workforce and walks new hires through onboarding." },
  { title: "Operations bot", body: "Finds procedures, checklists and points of contact across programs so teams stop searching shared drives." },
  { title: "Security bot", body: "Guides staff through security procedures, incident reporting steps and facility access requests." },
  { title: "Proposal-writing bot", body: "Drafts compliant responses from your past performance library and maps them to RFP requirements." },
  { title: "Manual support bot", body: "Answers questions from technical and maintenance manuals with the page reference, for field and depot teams." },
] as const;

export const SECURITY_FEATURES = [
  "Deployment in your own cloud tenancy or on premises",
  "Encryption of data in transit and at rest",
  "Role-based access with single sign-on",
  "Full audit logs of every question and answer",
  "No training of shared models on your data",
  "Data-retention rules set to your contract requirements",
] as const;

// /our-customers

export const CUSTOMERS_HERO = {
  eyebrow: "Our customers",
  title: "Trusted by businesses that can't afford to miss a call",
  lead: "From single-truck contractors to multi-location practices, our customers answer every call and book more work.",
} as const;

export const INDUSTRY_CARDS = [
  { title: "Home Services & HVAC", body: "After-hours emergencies booked on the spot, technicians dispatched with a summary, no more voicemail tag." },
  { title: "Dental & Medical Practices", body: `Appointment requests, reschedules and insurance questions, HIPAA-ready on the ${hipaaPlanNames()} plans.` },
  { title: "Legal", body: "New-client intake at any hour, conflict-check details captured and consultations booked." },
  { title: "Real Estate", body: "Buyer and renter inquiries qualified and showings booked while agents are out with clients." },
  { title: "Restaurants", body: "Reservations, catering inquiries, hours and menu questions answered during the dinner rush." },
  { title: "Cleaning Services", body: "Quotes, recurring bookings and move-out cleans scheduled by phone, chat or text." },
] as const;

// /pricing

export const PRICING_HERO = {
  eyebrow: "Pricing",
  title: "Simple plans that cost less than one missed customer",
  lead: "Every plan includes 24/7 phone answering, website chat and SMS booking, with a 14-day free trial. Plans start at $149 a month.",
} as const;

export const PRICING_BENEFITS = [
  { icon: CalendarClock, title: "14-day free trial", body: "Try any plan for 14 days. Your card is only charged after the trial ends." },
  { icon: CreditCard, title: "No long-term contract", body: "Month to month, or annual to save 10%. Cancel anytime from your billing page." },
  { icon: Gauge, title: "Pay for what you use", body: "Units reset monthly. Go over and extra units are billed at your plan's rate, never a surprise flat fee." },
  { icon: Zap, title: "Spam never costs you", body: "Spam calls are disconnected within 30 seconds. Longer spam calls can be reported by session ID for a credit." },
] as const;

export const PRICING_SETUP = [
  { icon: CircleCheck, title: "Basic setup: free", body: "Greeting, business knowledge, hours, service area and booking rules, configured by our team." },
  { icon: Wrench, title: "Advanced setup: $65 per hour", body: "CRM and scheduling integrations, custom workflows and the features marked with an asterisk." },
  { icon: Settings, title: "8 hours of maintenance a month", body: "Included on every plan: script updates, new services, seasonal hours and prompt tuning." },
  { icon: Clock, title: "Live in 24-48 hours", body: "Most AI employees take calls within 24 to 48 hours after your demo." },
] as const;

/**
 * Copy that belongs to one public page each: the page file lays it out, this
 * file holds the words (copy shared by several pages is in content.ts).
 */
import { hipaaPlanNames } from "@/features/plans/catalogue";
import { CalendarCheck, CalendarClock, CircleCheck, Clock, CreditCard, Gauge, Settings, Wrench, Zap } from "lucide-react";
import { BRAND } from "@/lib/brand";
import { rows } from "@/lib/rows";

// /about

export const ABOUT_HERO = {
  eyebrow: "About us",
  title: BRAND.tagline,
  lead: "We started in a plumbing company's office where the phone rang all day and nobody could pick it up. Today our AI employees answer for businesses across the United States, so the people in them can focus on their customers.",
} as const;

export const MISSION_FIGURES = rows(["value", "label"], ["10,000+", "Calls answered every day"], ["150+", "AI employees in service"], ["99.9%", "Uptime"], ["98%", "Customer satisfaction"]);

// /AI_employees

export const AI_EMPLOYEES_HERO = {
  eyebrow: "AI Employees",
  title: "Six AI employees, one subscription",
  lead: "Each plan includes every role below. Turn on the ones your business needs and your AI employee covers them around the clock.",
} as const;

export const HOW_IT_WORKS_STEPS = rows(
  ["title", "body"],
  ["Book a demo", "Tell us how your business works: services, prices, hours, service area and who takes which calls."],
  ["We set it up", "Our team trains your AI employee and connects your phone number, calendar and website within 24 to 48 hours."],
  ["It goes to work", "Every call, chat and text is answered. You get summaries, recordings and booked appointments."],
);

// /contact-thank-you

export const CONTACT_NEXT_STEPS = rows(
  ["title", "body"],
  ["Review", "A member of our team reads your message and looks up your business so we can give a useful answer."],
  ["Response", "We reply within 24 hours, Monday to Friday 9 AM to 6 PM EST, by e-mail or phone, as you prefer."],
  ["Schedule", "If it helps, we set up a demo or a consultation at a time that suits you."],
);

// /contact

export const CONTACT_HERO = {
  eyebrow: "Contact",
  title: "Let's talk about your calls",
  lead: "Tell us about your business and what you need. We respond within 24 hours, Monday to Friday 9 AM to 6 PM EST.",
} as const;

export const CONTACT_QUICK_ACTIONS = rows(
  ["href", "icon", "title", "body"],
  ["/hire-ai-employee", CalendarCheck, "Book a demo", "See an AI employee answer a call for your business."],
  ["/pricing", CreditCard, "See pricing", "Plans from $149 a month with a 14-day free trial."],
  ["/custom-services", Wrench, "Custom services", "Bots for home services, government and defense."],
);

export const CONTACT_FAQ = rows(
  ["q", "a"],
  ["How quickly will you reply?", "We respond to every message within 24 hours, Monday to Friday 9 AM to 6 PM EST."],
  ["How long does it take to go live?", "Most businesses go live within 1-2 weeks of signing up; basic setups often take calls within 24 to 48 hours after the demo."],
  ["Do I need a new phone number?", "No. Keep your number and forward calls to your AI employee when you are busy, after hours or all the time."],
  ["Can I talk to a person before I buy?", "Of course. Book a demo or call us and a member of our team will walk you through it."],
);

// /custom-services

export const CUSTOM_SERVICES_HERO = {
  eyebrow: "Custom services",
  title: "Custom AI bots built around how your organization works",
  lead: "Beyond our standard AI employees, we design and run bots for home-services companies and for government and defense contractors.",
} as const;

export const HOME_SERVICES_BOTS = rows(
  ["title", "body"],
  ["Emergency dispatch bot", "Triages no-heat, no-water and leak calls at night, books the on-call technician and texts the customer an arrival window."],
  ["Estimate and quote bot", "Collects photos, measurements and job details by text so your estimators arrive with the right parts and price."],
  ["Maintenance plan bot", "Reminds members about tune-ups, books seasonal visits and answers what their plan covers."],
  ["Review and follow-up bot", "Checks in after every job, routes complaints to a manager and asks happy customers for a review."],
);

export const GOVERNMENT_BOTS = rows(
  ["title", "body"],
  ["HR bot", "Answers policy, leave and benefits questions for your workforce and walks new hires through onboarding."],
  ["Operations bot", "Finds procedures, checklists and points of contact across programs so teams stop searching shared drives."],
  ["Security bot", "Guides staff through security procedures, incident reporting steps and facility access requests."],
  ["Proposal-writing bot", "Drafts compliant responses from your past performance library and maps them to RFP requirements."],
  ["Manual support bot", "Answers questions from technical and maintenance manuals with the page reference, for field and depot teams."],
);

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

export const INDUSTRY_CARDS = rows(
  ["title", "body"],
  ["Home Services & HVAC", "After-hours emergencies booked on the spot, technicians dispatched with a summary, no more voicemail tag."],
  ["Dental & Medical Practices", `Appointment requests, reschedules and insurance questions, HIPAA-ready on the ${hipaaPlanNames()} plans.`],
  ["Legal", "New-client intake at any hour, conflict-check details captured and consultations booked."],
  ["Real Estate", "Buyer and renter inquiries qualified and showings booked while agents are out with clients."],
  ["Restaurants", "Reservations, catering inquiries, hours and menu questions answered during the dinner rush."],
  ["Cleaning Services", "Quotes, recurring bookings and move-out cleans scheduled by phone, chat or text."],
);

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

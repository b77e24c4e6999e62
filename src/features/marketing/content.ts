/** Marketing copy shared by several public pages. */
import { hipaaClaims, hipaaPlanNames } from "@/features/plans/catalogue";
import { rows } from "@/lib/rows";

/** What HIPAA-ready means and on which plans: the catalogue decides (ADR 0121). */
const hipaa = hipaaClaims();

export const MARKETING_STATS = rows(
  ["value", "label"],
  ["99.9%", "Uptime"],
  ["10,000+", "Calls answered a day"],
  ["150+", "AI employees at work"],
  ["35%", "Average conversion increase"],
  ["98%", "Customer satisfaction"],
);

type MarketingStat = (typeof MARKETING_STATS)[number];

/** Some of the MARKETING_STATS, picked by value, in the order given. */
export function marketingStats(values: readonly MarketingStat["value"][]): MarketingStat[] {
  return values.map((v) => MARKETING_STATS.find((s) => s.value === v)).filter((s) => s !== undefined);
}

export const PROBLEM_STATS = rows(["value", "label"], ["60%", "of calls to small businesses go unanswered"], ["120", "bookings a month lost by a typical service business to missed calls"]);

export type Feature = { icon: FeatureIcon; title: string; body: string };
export type FeatureIcon = "phone" | "chat" | "sms" | "social" | "transfer" | "transcript" | "calendar" | "shield";

export const HOME_FEATURES: readonly Feature[] = [
  {
    icon: "phone",
    title: "24/7 Phone Answering",
    body: "Every call is picked up on the first ring, nights and weekends included. Your AI employee greets callers by your business name, answers questions from your price list and service area, and never puts anyone on hold.",
  },
  {
    icon: "chat",
    title: "Website Live Chat",
    body: "A chat widget on your site that replies in seconds, qualifies the visitor and turns browsing into a booked job or a scheduled consultation.",
  },
  {
    icon: "sms",
    title: "SMS Appointment Booking",
    body: "Customers text to book, reschedule or confirm. Appointments land straight in your calendar or CRM with the details your team needs.",
  },
  {
    icon: "social",
    title: "Instagram & Facebook Messages",
    body: "Direct messages from your social pages get the same fast, on-brand answers, so leads from ads and posts are never left waiting.",
  },
  {
    icon: "transfer",
    title: "Warm Transfers to Your Team",
    body: "Urgent jobs, VIP clients and anything you choose are handed to a person on your team with a short summary, so nobody has to repeat themselves.",
  },
  {
    icon: "transcript",
    title: "Recordings, Transcripts & Summaries",
    body: "Every conversation is recorded, transcribed and summarized. Read what was said in thirty seconds instead of listening to voicemail.",
  },
];

export const TESTIMONIALS = [
  {
    quote: "We used to lose the after-hours emergency calls to whoever picked up first. Now every one of them is booked before my techs wake up. Our first month paid for the whole year.",
    name: "Marcus Rivera",
    role: "Owner, Rivera Heating & Air",
    industry: "HVAC",
  },
  {
    quote: "Our front desk was drowning in reschedule calls. The AI employee handles them by text and keeps the schedule full, and it is careful with patient information.",
    name: "Dr. Priya Nair",
    role: "Practice Director, Brightline Dental",
    industry: "Dental",
  },
  {
    quote: "Potential clients call three firms and hire the first one that answers. We are now that firm, even at 9 PM on a Sunday. Consultations are up by a third.",
    name: "Elena Brooks",
    role: "Managing Partner, Brooks & Hale Law",
    industry: "Legal",
  },
  {
    quote: "Quotes, move-out cleans, recurring bookings: it handles all of it and sends my crew leads a summary. I stopped carrying two phones.",
    name: "Tom Delgado",
    role: "Founder, Spotless Home Cleaning",
    industry: "Cleaning",
  },
] as const;

export const HOME_FAQ = [
  {
    q: "What exactly is an AI employee?",
    a: "It is a virtual receptionist trained on your business: your services, prices, hours, service area and booking rules. It answers phone calls, website chat, SMS and Instagram/Facebook messages 24/7, books appointments and hands conversations to your team when a person is needed.",
  },
  {
    q: "Will callers know they are talking to AI?",
    a: "Your AI employee sounds natural and uses your business name and tone of voice. We recommend being open about it; most callers simply care that they get a fast, correct answer and a confirmed appointment.",
  },
  {
    q: "How long does it take to go live?",
    a: "Basic setup is free and takes 24 to 48 hours after your demo. Businesses with CRM integrations or custom workflows are typically live within 1 to 2 weeks.",
  },
  {
    q: "Can it book into my calendar or CRM?",
    a: "Yes. It books directly into popular calendars and field-service or practice-management tools, and sends confirmations to your customer and your team.",
  },
  {
    q: "What happens when a caller needs a real person?",
    a: "You decide the rules. Emergencies, existing clients or specific requests can be warm-transferred to your phone with a summary, or taken as a detailed message for a callback.",
  },
  { q: hipaa.faqQuestion, a: hipaa.faqAnswer },
  {
    q: "Is there a free trial or a contract?",
    a: "Every plan starts with a 14-day free trial and your card is only charged after the trial ends. Plans are month to month (or annual to save 10%) and you can cancel anytime.",
  },
] as const;

export const INDUSTRIES = [
  "Home Services",
  "HVAC",
  "Plumbing",
  "Electrical",
  "Cleaning Services",
  "Dental Practices",
  "Medical Clinics",
  "Restaurants",
  "Legal",
  "Real Estate",
  "Roofing",
  "Auto Repair",
] as const;

export const SERVICES: readonly Feature[] = [
  {
    icon: "phone",
    title: "AI Receptionist",
    body: "Answers every call in your business name, handles FAQs about services, pricing and hours, and screens out spam within 30 seconds.",
  },
  {
    icon: "calendar",
    title: "Appointment Setter",
    body: "Checks real availability and books, reschedules or cancels appointments in your calendar or CRM, then confirms by text.",
  },
  {
    icon: "chat",
    title: "Website Chat Agent",
    body: "Greets visitors on your website, answers questions instantly and captures name, phone and job details before they leave.",
  },
  {
    icon: "sms",
    title: "SMS & Social Messaging Agent",
    body: "Replies to text messages and Instagram/Facebook DMs around the clock, and follows up on missed calls by text.",
  },
  {
    icon: "transfer",
    title: "Call Routing & Dispatch",
    body: "Sorts urgent from routine, warm-transfers emergencies to the on-call technician and sends everyone else a booking link.",
  },
  {
    icon: "shield",
    title: "HIPAA-Ready Patient Line",
    body: `A patient line for medical and dental practices: appointment requests, refill and insurance questions, with HIPAA-ready handling and a BAA on the ${hipaaPlanNames()} plans.`,
  },
];

export const TEAM = [
  { name: "Daniel Okafor", role: "Co-founder & CEO", bio: "Ran a 40-truck plumbing company for a decade and built the first version to stop missing calls." },
  { name: "Sarah Lindqvist", role: "Co-founder & CTO", bio: "Former speech-recognition engineer who leads our voice, language and reliability work." },
  { name: "Miguel Santos", role: "Head of Customer Success", bio: "Oversees onboarding so every AI employee goes live with the right answers and booking rules." },
  { name: "Aisha Thompson", role: "Head of Compliance", bio: "Keeps our HIPAA program, security reviews and data-retention rules in order." },
  { name: "Kevin Park", role: "Lead Solutions Architect", bio: "Designs CRM integrations and the custom bots we build for government and defense contractors." },
] as const;

export const CORE_VALUES = rows(
  ["title", "body"],
  ["Human Focus", "Technology should give people their time back. Our AI handles the repetitive work so your team can do the work only people can do."],
  ["Reliability", "A receptionist that is down is worse than none. We run on redundant infrastructure with a 99.9% uptime aim."],
  ["Privacy by Default", "Customer conversations belong to you. We encrypt them, keep them only as long as needed and never sell them."],
  ["Honest Pricing", "Clear plans, published unit rules and a 14-day free trial. No setup fees for basic setup and no long contracts."],
);

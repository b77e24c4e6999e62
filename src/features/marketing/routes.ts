import { BRAND } from "@/lib/brand";
import { hipaaClaims } from "@/features/plans/catalogue";

/**
 * Every public page: the title its <title> starts with, its description and
 * keywords (the page's metadata, see routeMetadata) and its sitemap priority.
 * Used by the pages, the sitemap, tests and the benchmark.
 */
export const PUBLIC_ROUTES = [
  {
    path: "/",
    title: `${BRAND.name} | AI Employees That Answer Every Call, Chat and Text`,
    absoluteTitle: true,
    priority: 1,
    description: `AI employees for small and mid-size businesses: 24/7 phone answering, website live chat, SMS appointment booking and ${hipaaClaims().service}. 14-day free trial, plans from $149 a month.`,
    keywords: ["AI receptionist", "AI phone answering", "virtual receptionist", "24/7 answering service", "AI appointment booking", "website live chat", "small business AI"],
  },
  {
    path: "/pricing",
    title: "Pricing",
    priority: 0.9,
    description: "Simple AI employee plans from $149 a month: Small, Medium, Large, Corp and Enterprise. 14-day free trial, save 10% with annual billing, clear unit pricing for calls and chats.",
    keywords: ["AI receptionist pricing", "AI answering service cost", "virtual receptionist plans", "AI phone answering price"],
  },
  {
    path: "/AI_employees",
    title: "AI Employees",
    priority: 0.9,
    description: `Meet the AI employees that answer calls, book appointments, reply to chats, texts and social messages, route emergencies and run a patient line (${hipaaClaims().badge}).`,
    keywords: ["AI employees", "AI receptionist", "AI appointment setter", "AI chat agent", "HIPAA answering service"],
  },
  {
    path: "/custom-services",
    title: "Custom AI Services",
    priority: 0.7,
    description:
      "Custom AI bots for home-services companies and for government and defense contractors: HR, operations, security, proposal writing and manual support, built to your security requirements.",
    keywords: ["custom AI bots", "government AI chatbot", "defense contractor AI", "proposal writing AI", "home services AI"],
  },
  {
    path: "/about",
    title: "About Us",
    priority: 0.6,
    description: `${BRAND.name} builds AI employees that answer calls, chats and texts for small and mid-size businesses. Meet the team and the values behind ${BRAND.tagline}`,
    keywords: ["about HumanFocus AI", "AI receptionist company", "AI employees team"],
  },
  {
    path: "/our-customers",
    title: "Our Customers",
    priority: 0.7,
    description: "HVAC companies, dental practices, law firms, cleaning services and more use AI employees to answer every call. Read their results and reviews.",
    keywords: ["AI receptionist reviews", "AI answering service customers", "AI employee case studies"],
  },
  {
    path: "/hire-ai-employee",
    title: "Book Your AI Employee Demo",
    priority: 0.9,
    description: "Book a free 20-minute demo: hear an AI employee answer calls for a business like yours and get pricing for your call volume.",
    keywords: ["book AI receptionist demo", "AI employee demo", "AI phone answering demo"],
  },
  {
    path: "/demo-ai-employee",
    title: "AI Employee Demo",
    priority: 0.6,
    description: "See your AI employee in action: a live call, a booking landing in the calendar and a setup plan tailored to your business.",
    keywords: ["AI employee demo", "AI receptionist live demo", "AI appointment booking demo"],
  },
  {
    path: "/contact",
    title: "Contact Us",
    priority: 0.7,
    description: `Questions about AI employees, pricing or custom bots? Contact ${BRAND.name}. We reply within 24 hours, Monday to Friday 9 AM to 6 PM EST.`,
    keywords: ["contact HumanFocus AI", "AI receptionist sales", "AI employee support"],
  },
  {
    path: "/contact-thank-you",
    title: "Thank You",
    priority: 0.2,
    description: `Thanks for contacting ${BRAND.name}. We review every message and respond within 24 hours.`,
    keywords: ["contact confirmation"],
  },
  {
    path: "/terms-of-service",
    title: "Terms of Service",
    priority: 0.3,
    description: `The terms that govern ${BRAND.name} AI employee subscriptions: free trial, billing, usage units, service availability, liability and cancellation.`,
    keywords: ["terms of service", "AI employee subscription terms", "service level"],
  },
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
    priority: 0.3,
    description: `How ${BRAND.name} collects, uses, protects and retains personal information, including call recordings, transcripts and billing records.`,
    keywords: ["privacy policy", "HIPAA", "GDPR", "call recording privacy", "data retention"],
  },
  {
    path: "/docs/api",
    title: "API Reference",
    priority: 0.5,
    description: "The developer API of your AI employees: report calls, read calls, transcripts and CSV exports, manage webhook endpoints. OpenAPI 3.1 document included.",
    keywords: ["AI receptionist API", "call log API", "OpenAPI", "webhook endpoints API", "developer documentation"],
  },
  {
    path: "/docs/webhooks",
    title: "Webhooks",
    priority: 0.5,
    description: "Signed webhooks for every call, booked appointment and billing change: the events with examples, retries, and how to verify a signature in Node.js and Python.",
    keywords: ["AI receptionist webhooks", "Standard Webhooks", "webhook signature verification", "CRM integration", "call notifications"],
  },
] as const;

export type PublicPath = (typeof PUBLIC_ROUTES)[number]["path"];

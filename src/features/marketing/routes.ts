/** Every public page, with the title its <title> starts with (sitemap, tests, benchmark). */
export const PUBLIC_ROUTES = [
  { path: "/", title: "HumanFocus AI | AI Employees That Answer Every Call, Chat and Text", priority: 1 },
  { path: "/pricing", title: "Pricing", priority: 0.9 },
  { path: "/AI_employees", title: "AI Employees", priority: 0.9 },
  { path: "/custom-services", title: "Custom AI Services", priority: 0.7 },
  { path: "/about", title: "About Us", priority: 0.6 },
  { path: "/our-customers", title: "Our Customers", priority: 0.7 },
  { path: "/hire-ai-employee", title: "Book Your AI Employee Demo", priority: 0.9 },
  { path: "/demo-ai-employee", title: "AI Employee Demo", priority: 0.6 },
  { path: "/contact", title: "Contact Us", priority: 0.7 },
  { path: "/contact-thank-you", title: "Thank You", priority: 0.2 },
  { path: "/terms-of-service", title: "Terms of Service", priority: 0.3 },
  { path: "/privacy-policy", title: "Privacy Policy", priority: 0.3 },
] as const;

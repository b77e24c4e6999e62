/** Who we are: the constants the shell, legal pages and structured data share. */
export const BRAND = {
  name: "HumanFocus AI",
  tagline: "Human Focus. AI Powered.",
  description: "AI employees for small and mid-size businesses: 24/7 phone answering, website live chat and SMS appointment booking, with HIPAA-ready plans for practices.",
  phone: "+1-888-555-0142",
  phoneDisplay: "(888) 555-0142",
  email: "hello@humanfocus.ai",
  hours: "Mo-Fr 09:00-18:00",
  hoursDisplay: "Monday to Friday, 9 AM to 6 PM EST",
} as const;

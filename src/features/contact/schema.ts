import { z } from "@/lib/zod";

/** Spec 5: words that get a contact message rejected. */
export const BLACKLIST_WORDS = ["viagra", "cialis", "porn", "adult", "casino", "gambling", "loan", "debt", "crypto", "bitcoin"] as const;

export const INQUIRY_SUBJECTS = [
  "General question",
  "Sales and pricing",
  "Book a demo",
  "Custom AI bot",
  "Technical support",
  "Billing",
  "Partnership",
] as const;

/** The blacklisted words a text contains (whole words, plurals included), lower-case, in list order. */
export function blockedWords(...texts: (string | null | undefined)[]): string[] {
  const text = texts.filter(Boolean).join(" ").toLowerCase();
  return BLACKLIST_WORDS.filter((w) => new RegExp(`\\b${w}s?\\b`, "i").test(text));
}

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** A one-line field (it ends up in an e-mail subject or a notification title): line breaks become spaces. */
const oneLine = (label: string, max: number) => required(label, max).transform((v) => v.replace(/\s+/g, " "));

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

/** A contact message as the form posts it (snake_case field names, spec 5). */
export const contactSchema = z.object({
  first_name: oneLine("First name", 100),
  last_name: oneLine("Last name", 100),
  email: required("Email", 320).pipe(z.email({ message: "Enter a valid email address" })),
  company: optional("Company", 200),
  phone: optional("Phone", 40),
  website: optional("Website", 500),
  inquiry_subject: oneLine("Subject", 200),
  message: required("Message", 5000),
  _honey: z.string().nullish(),
});

export type ContactInput = z.output<typeof contactSchema>;

/** Which form fields a validation failure names (for the no-JavaScript error redirect). */
export function invalidFields(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((i) => String(i.path[0] ?? "")).filter(Boolean))];
}

/** Fixed texts for the error codes /contact?error=... shows (codes, so a link cannot put arbitrary text on the page). */
export const CONTACT_ERRORS = {
  invalid: "Please check the highlighted fields and try again.",
  blocked: "Your message contains words our spam filter blocks. Please rephrase it and try again.",
  rate_limited: "Too many messages from your network. Please wait a few minutes and try again.",
  failed: "Something went wrong. Please try again.",
} as const;
export type ContactErrorCode = keyof typeof CONTACT_ERRORS;

export const FIELD_LABELS: Record<string, string> = {
  first_name: "First name",
  last_name: "Last name",
  email: "Email",
  company: "Company",
  phone: "Phone",
  website: "Website",
  inquiry_subject: "Subject",
  message: "Message",
};

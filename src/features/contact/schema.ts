import { z } from "@/lib/zod";
import { BLACKLIST_WORDS } from "./texts";

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

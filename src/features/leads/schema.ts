import { z } from "@/lib/zod";
import { DEMO_FIELDS, type DemoField, type DemoFieldErrors } from "./demo-fields";

const WEBSITE = /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;
const PHONE = /^\+?[\d\s().-]+$/;

/** Accepts a full URL ('https://acme.com/about') or a bare domain ('acme.com'). */
export function isWebsite(value: string): boolean {
  return WEBSITE.test(value.trim());
}

/** 7 to 15 digits, with the usual separators. */
export function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value.trim()) && digits >= 7 && digits <= 15;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

/** A field the prospect must fill in: "<label> is required" when it is missing or blank, at most `max` characters. */
const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `must be at most ${max} characters` });

/** POST /api/demo-leads body (spec 5 and 7). */
export const demoLeadSchema = z.object({
  name: requiredText("Name", 200),
  email: requiredText("Email", 320).pipe(z.email({ message: "Enter a valid email address" })),
  phone: requiredText("Phone", 40).refine(isPhone, { message: "Enter a valid phone number" }),
  website: requiredText("Website", 500).refine(isWebsite, { message: "Enter a website address such as example.com or https://example.com" }),
  aiEmployeeName: optionalText(200),
  aiEmployeeId: optionalText(200),
});

export type DemoLead = z.output<typeof demoLeadSchema>;

/** The demo form's own check (demo-submit.ts, loaded on the form's first focus): the server's rules and messages for the four fields. */
export const demoFormSchema = demoLeadSchema.pick({ name: true, email: true, phone: true, website: true });
export type DemoFormInput = z.input<typeof demoFormSchema>;
export type DemoFormOutput = z.output<typeof demoFormSchema>;

/** The first message for each form field of a failed parse: { phone: "Enter a valid phone number" }. */
export function demoFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): DemoFieldErrors {
  const out: DemoFieldErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === "string" && (DEMO_FIELDS as readonly string[]).includes(key) && !out[key as DemoField]) out[key as DemoField] = issue.message;
  }
  return out;
}

/** The 400 body of POST /api/demo-leads: the sentence, and the message of each field at fault. */
export type DemoLeadProblem = { message: string; fields: DemoFieldErrors };

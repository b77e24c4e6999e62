import { z } from "@/lib/zod";

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

/** POST /api/demo-leads body (spec 5 and 7). */
export const demoLeadSchema = z.object({
  name: z.string({ message: "Name is required" }).trim().min(1, { message: "Name is required" }).max(200, { message: "must be at most 200 characters" }),
  email: z
    .string({ message: "Email is required" })
    .trim()
    .min(1, { message: "Email is required" })
    .max(320, { message: "must be at most 320 characters" })
    .pipe(z.email({ message: "Enter a valid email address" })),
  phone: z
    .string({ message: "Phone is required" })
    .trim()
    .min(1, { message: "Phone is required" })
    .max(40, { message: "must be at most 40 characters" })
    .refine(isPhone, { message: "Enter a valid phone number" }),
  website: z
    .string({ message: "Website is required" })
    .trim()
    .min(1, { message: "Website is required" })
    .max(500, { message: "must be at most 500 characters" })
    .refine(isWebsite, { message: "Enter a website address such as example.com or https://example.com" }),
  aiEmployeeName: optionalText(200),
  aiEmployeeId: optionalText(200),
});

export type DemoLead = z.output<typeof demoLeadSchema>;

/** The demo form's own check (react-hook-form's resolver, ADR 0016): the server's rules and messages for the four fields. */
export const demoFormSchema = demoLeadSchema.pick({ name: true, email: true, phone: true, website: true });
export type DemoFormInput = z.input<typeof demoFormSchema>;
export type DemoFormOutput = z.output<typeof demoFormSchema>;

/** The four fields a prospect fills in. */
export const DEMO_FIELDS = ["name", "email", "phone", "website"] as const;
export type DemoField = (typeof DEMO_FIELDS)[number];
export type DemoFieldErrors = Partial<Record<DemoField, string>>;

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

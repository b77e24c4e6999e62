import { z } from "@/lib/zod";
import { ROLES } from "../permissions";
import { businessDetailsProblem } from "../business-details";

/** The invite form: an address and a role (better-auth checks the address again, and who may give which role). */
export const inviteFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter the e-mail address to invite.")
    .max(254, "The e-mail address can be at most 254 characters.")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Enter a valid e-mail address."),
  role: z.enum(ROLES, "Choose a role."),
});
export type InviteFormInput = z.input<typeof inviteFormSchema>;
export type InviteFormOutput = z.output<typeof inviteFormSchema>;

/**
 * Business details, checked by the same rules as the server's before hook
 * (business-details.ts), each field on its own so its message sits beside it.
 * The time zone is one of the server's list (the picker's options); the
 * browser's own list of zones may differ, so only the server judges it.
 * An empty billing e-mail is sent as null: invoices go to the owners.
 */
export const businessDetailsFormSchema = z
  .object({ name: z.string(), billingEmail: z.string(), timeZone: z.string().min(1, "Choose a time zone from the list.") })
  .superRefine((v, ctx) => {
    for (const key of ["name", "billingEmail"] as const) {
      const problem = businessDetailsProblem({ [key]: v[key].trim() });
      if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
    }
  })
  .transform((v) => ({ name: v.name.trim(), billingEmail: v.billingEmail.trim() || null, timeZone: v.timeZone }));
export type BusinessDetailsInput = z.input<typeof businessDetailsFormSchema>;
export type BusinessDetailsOutput = z.output<typeof businessDetailsFormSchema>;

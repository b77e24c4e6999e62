import { z } from "@/lib/zod";
import { passwordLengthProblem } from "./auth-limits";
import { checkProfileFields } from "./profile-fields";

/**
 * The client-side checks of the /login forms (react-hook-form + zodResolver).
 * They run after the browser's own checks (required, type=email, minLength),
 * which stay on the inputs. Browser-safe: nothing here imports server code.
 *
 * The rules are the server's: the profile fields go through the same
 * checkProfileFields as better-auth's before hook (auth-hooks.server.ts), and
 * the password length bounds are the ones password-policy.ts applies (its
 * strength check stays on the server: its dictionaries are never bundled).
 */

/** An e-mail address field, as every auth form reads it. */
export const emailField = z
  .string()
  .trim()
  .min(1, { message: "Email is required" })
  // The pattern the browser applies to type=email inputs.
  .pipe(z.email({ pattern: z.regexes.html5Email, message: "Enter a valid email address" }));

/** The sign-in form: the address (trimmed) and the password as typed. */
export const signInFormSchema = z.object({
  email: emailField,
  password: z.string().min(1, { message: "Password is required" }),
});
export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInFormOutput = z.output<typeof signInFormSchema>;

/** A new password: the length part of the server's password policy, with its messages. */
export const newPasswordField = z.string().superRefine((password, ctx) => {
  const problem = passwordLengthProblem(password);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/**
 * The create-account form, read into the sign-up body: names trimmed, `name`
 * is "First Last" (or the address when both are empty), then the server's
 * profile-field bounds.
 */
export const signUpFormSchema = z
  .object({
    firstName: z.string().trim().min(1, { message: "First name is required" }),
    lastName: z.string().trim(),
    email: emailField,
    password: newPasswordField,
  })
  .transform((v) => ({ ...v, name: `${v.firstName} ${v.lastName}`.trim() || v.email }))
  .superRefine((v, ctx) => {
    const check = checkProfileFields(v, "create");
    if (!check.ok) ctx.addIssue({ code: "custom", path: [check.field === "lastName" ? "lastName" : "firstName"], message: check.message });
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpFormOutput = z.output<typeof signUpFormSchema>;

/** The message of a form's first problem, in the order of its fields. */
export function firstFormProblem<K extends string>(errors: Partial<Record<K, { message?: string } | undefined>>, order: readonly K[]): string {
  for (const field of order) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return "Please check the form and try again.";
}

import { z } from "@/lib/zod";
import { emailField, newPasswordField } from "./login-form.schema";

/**
 * The client-side checks of the password reset forms (react-hook-form +
 * zodResolver), on top of the browser's own. The server applies the whole
 * password policy again (auth-hooks.server.ts). Browser-safe.
 */

/** /forgot-password: the address to send the link to. */
export const forgotPasswordFormSchema = z.object({ email: emailField });
export type ForgotPasswordFormInput = z.input<typeof forgotPasswordFormSchema>;
export type ForgotPasswordFormOutput = z.output<typeof forgotPasswordFormSchema>;

/** /reset-password: the new password, typed twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords are not the same. Type the new password twice." });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormOutput = z.output<typeof resetPasswordFormSchema>;

import type { OutgoingEmail } from "./email.server";
import { renderEmail } from "./render-email";
import { RESET_PASSWORD_SUBJECT, ResetPassword } from "./templates/reset-password";

export const RESET_PASSWORD_EMAIL_KIND = "reset-password";

/** "Forgot password?": the single-use link to choose a new password. */
export async function resetPasswordEmail(to: string, firstName: string | null | undefined, url: string): Promise<OutgoingEmail> {
  const parts = await renderEmail(<ResetPassword firstName={firstName} url={url} />);
  return { to, kind: RESET_PASSWORD_EMAIL_KIND, subject: RESET_PASSWORD_SUBJECT, ...parts };
}

import type { OutgoingEmail } from "./email.server";
import { renderEmail } from "./render-email";
import { VERIFY_EMAIL_SUBJECT, VerifyEmail } from "./templates/verify-email";

export const VERIFY_EMAIL_KIND = "verify-email";

export async function verificationEmail(to: string, firstName: string | null | undefined, url: string): Promise<OutgoingEmail> {
  const parts = await renderEmail(<VerifyEmail firstName={firstName} url={url} />);
  return { to, kind: VERIFY_EMAIL_KIND, subject: VERIFY_EMAIL_SUBJECT, ...parts };
}

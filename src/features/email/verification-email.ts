import { emailLayout, escapeHtml, type OutgoingEmail } from "./email.server";

export const VERIFY_EMAIL_KIND = "verify-email";

export function verificationEmail(to: string, firstName: string | null | undefined, url: string): OutgoingEmail {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  return {
    to,
    kind: VERIFY_EMAIL_KIND,
    subject: "Confirm your e-mail address",
    text: `${hello}\n\nConfirm your e-mail address to finish setting up your account:\n${url}\n\nIf you did not create an account, ignore this message.`,
    html: emailLayout(
      "Confirm your e-mail address",
      `<p>${escapeHtml(hello)}</p><p>Confirm your e-mail address to finish setting up your account.</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Confirm e-mail address</a></p>
<p style="font-size:13px;color:#6b7280">If you did not create an account, ignore this message.</p>`,
    ),
  };
}

import { emailLayout, escapeHtml, type OutgoingEmail } from "./email.server";

export const ACCOUNT_EXISTS_EMAIL_KIND = "account-exists";

/**
 * Sent instead of an error when someone signs up with an address that
 * already has an account: the page says the same as for a new address, and
 * only the owner of the mailbox learns that the account exists.
 */
export function accountExistsEmail(to: string, firstName: string | null | undefined, baseUrl: string): OutgoingEmail {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const signInUrl = `${baseUrl.replace(/\/$/, "")}/login`;
  return {
    to,
    kind: ACCOUNT_EXISTS_EMAIL_KIND,
    subject: "You already have an account",
    text: `${hello}\n\nSomeone, probably you, tried to create an account with this e-mail address. You already have an account, so nothing was created.\n\nSign in here:\n${signInUrl}\n\nIf you no longer know your password, reply to this message and we will help you reset it. If it was not you, ignore this message: your account has not changed.`,
    html: emailLayout(
      "You already have an account",
      `<p>${escapeHtml(hello)}</p><p>Someone, probably you, tried to create an account with this e-mail address. You already have an account, so nothing was created.</p>
<p><a href="${escapeHtml(signInUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Sign in</a></p>
<p style="font-size:13px;color:#6b7280">If you no longer know your password, reply to this message and we will help you reset it. If it was not you, ignore this message: your account has not changed.</p>`,
    ),
  };
}

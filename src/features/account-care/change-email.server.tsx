import "server-only";
import { createEmailVerificationToken } from "better-auth/api";
import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { CONFIRM_NEW_EMAIL_SUBJECT, ConfirmNewEmail } from "@/features/email/templates/confirm-new-email";
import { EMAIL_CHANGE_NOTICE_SUBJECT, EmailChangeNotice } from "@/features/email/templates/email-change-notice";

export const CONFIRM_NEW_EMAIL_KIND = "confirm-new-email";
export const EMAIL_CHANGE_NOTICE_KIND = "email-change-notice";

/** How long the link to the new address works. */
export const CHANGE_EMAIL_LINK_SECONDS = 60 * 60;

type Requester = { id: string; email: string; firstName?: string | null };

/**
 * The two e-mails of a change of address (issue 22, ADR 0109): to the new
 * address, the link that makes the change; to the current address, a notice.
 *
 * better-auth 1.7's `user.changeEmail.sendChangeEmailConfirmation` is called
 * for a verified login with `url`, a link that only *approves* the change
 * from the current address and then e-mails the new one. We want the change
 * to wait for the new address alone, so the link sent there carries
 * better-auth's own "change-email-verification" token (made with its
 * exported `createEmailVerificationToken`, bound to the user and the current
 * address): its verify-email endpoint then sets the new address. The rest of
 * `url` (the verify-email endpoint and the callback) is kept.
 */
export async function changeEmailMessages(input: { user: Requester; newEmail: string; approvalUrl: string; secret: string; baseUrl: string }): Promise<OutgoingEmail[]> {
  const { user, newEmail } = input;
  const token = await createEmailVerificationToken(input.secret, user.email, newEmail, CHANGE_EMAIL_LINK_SECONDS, {
    requestType: "change-email-verification",
    userId: user.id,
  });
  const link = new URL(input.approvalUrl);
  link.searchParams.set("token", token);
  const confirm = await renderEmail(<ConfirmNewEmail firstName={user.firstName} newEmail={newEmail} url={link.toString()} />);
  const notice = await renderEmail(<EmailChangeNotice firstName={user.firstName} newEmail={newEmail} baseUrl={input.baseUrl} />);
  return [
    { to: newEmail, kind: CONFIRM_NEW_EMAIL_KIND, subject: CONFIRM_NEW_EMAIL_SUBJECT, ...confirm },
    { to: user.email, kind: EMAIL_CHANGE_NOTICE_KIND, subject: EMAIL_CHANGE_NOTICE_SUBJECT, ...notice },
  ];
}

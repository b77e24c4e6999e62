import { EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

export type EmailChangeNoticeProps = { firstName: string | null | undefined; newEmail: string; baseUrl: string };

export const EMAIL_CHANGE_NOTICE_SUBJECT = "Your e-mail address is being changed";

/**
 * Sent to the current address when a change of the login's e-mail address is
 * asked for: a notice, with no link that changes anything, and the way out
 * if it was not the owner.
 */
export function EmailChangeNotice({ firstName, newEmail, baseUrl }: EmailChangeNoticeProps) {
  return (
    <EmailLayout title={EMAIL_CHANGE_NOTICE_SUBJECT} preview={`Your login is moving to ${newEmail} once that address is confirmed.`}>
      <P>{greeting(firstName)}</P>
      <P>Someone signed in to your login asked to change its e-mail address to {newEmail}. We sent a link to that address; the change takes effect when it is followed.</P>
      <P>
        If this was not you, change your password now and sign out your other devices on your <EmailLink href={absoluteUrl(baseUrl, "/profile")}>profile page</EmailLink>, or choose a new password with{" "}
        <EmailLink href={absoluteUrl(baseUrl, "/forgot-password")}>Forgot password</EmailLink>, which signs you out everywhere.
      </P>
      <P muted>If you asked for this, there is nothing to do here.</P>
    </EmailLayout>
  );
}

import { EmailButton, EmailLayout, P, greeting } from "./layout";

export type ConfirmNewEmailProps = { firstName: string | null | undefined; newEmail: string; url: string };

export const CONFIRM_NEW_EMAIL_SUBJECT = "Confirm your new e-mail address";

/**
 * Sent to the new address when someone changes their login's e-mail address
 * on /profile: the address changes only when this link is followed (`url`
 * comes absolute from Better Auth's verify-email endpoint, valid for 1 hour).
 */
export function ConfirmNewEmail({ firstName, newEmail, url }: ConfirmNewEmailProps) {
  return (
    <EmailLayout title={CONFIRM_NEW_EMAIL_SUBJECT} preview="Confirm this address to use it for your login.">
      <P>{greeting(firstName)}</P>
      <P>You asked to use {newEmail} for your login. Confirm the address to make the change:</P>
      <EmailButton href={url}>Confirm new e-mail address</EmailButton>
      <P muted>The link works for 1 hour. Until you follow it, your login keeps its current address.</P>
      <P muted>If you did not ask for this, ignore this message: nothing changes.</P>
    </EmailLayout>
  );
}

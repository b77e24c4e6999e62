import { EmailButton, EmailLayout, P, greeting } from "./layout";

export type VerifyEmailProps = { firstName: string | null | undefined; url: string };

export const VERIFY_EMAIL_SUBJECT = "Confirm your e-mail address";

/** The link that verifies a new account's address (`url` comes absolute from Better Auth, under PUBLIC_BASE_URL). */
export function VerifyEmail({ firstName, url }: VerifyEmailProps) {
  return (
    <EmailLayout title={VERIFY_EMAIL_SUBJECT} preview="Confirm your e-mail address to finish setting up your account.">
      <P>{greeting(firstName)}</P>
      <P>Confirm your e-mail address to finish setting up your account:</P>
      <EmailButton href={url}>Confirm e-mail address</EmailButton>
      <P muted>If you did not create an account, ignore this message.</P>
    </EmailLayout>
  );
}

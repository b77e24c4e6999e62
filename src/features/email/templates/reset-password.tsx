import { EmailButton, EmailLayout, P, greeting } from "./layout";

export type ResetPasswordProps = { firstName: string | null | undefined; url: string };

export const RESET_PASSWORD_SUBJECT = "Reset your password";

/** The link to choose a new password (`url` comes absolute from Better Auth, under PUBLIC_BASE_URL; it works once, for an hour). */
export function ResetPassword({ firstName, url }: ResetPasswordProps) {
  return (
    <EmailLayout title={RESET_PASSWORD_SUBJECT} preview="Choose a new password for your account.">
      <P>{greeting(firstName)}</P>
      <P>Someone, probably you, asked to reset the password of your account. Choose a new password here:</P>
      <EmailButton href={url}>Choose a new password</EmailButton>
      <P muted>The link works once, for 1 hour. Choosing a new password signs your account out on every device.</P>
      <P muted>If you did not ask for this, ignore this message: your password has not changed.</P>
    </EmailLayout>
  );
}

import { EmailButton, EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

export type AccountExistsProps = { firstName: string | null | undefined; baseUrl: string };

export const ACCOUNT_EXISTS_SUBJECT = "You already have an account";

/** Sent instead of a sign-up error when the address already has an account. */
export function AccountExists({ firstName, baseUrl }: AccountExistsProps) {
  return (
    <EmailLayout title={ACCOUNT_EXISTS_SUBJECT}>
      <P>{greeting(firstName)}</P>
      <P>Someone, probably you, tried to create an account with this e-mail address. You already have an account, so nothing was created.</P>
      <P>Sign in here:</P>
      <EmailButton href={absoluteUrl(baseUrl, "/login")}>Sign in</EmailButton>
      <P muted>
        <EmailLink href={absoluteUrl(baseUrl, "/forgot-password")}>Choose a new password</EmailLink> if you no longer know yours. If it was not you, ignore this message: your account has not changed.
      </P>
    </EmailLayout>
  );
}

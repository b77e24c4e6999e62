import { EmailButton, EmailLayout, P } from "./layout";

export type InvitationEmailProps = { accountName: string; inviterName: string; roleLabel: string; url: string; expiresOn: string };

export function invitationSubject(accountName: string): string {
  return `You are invited to join ${accountName}`;
}

/** An invitation to join a business account (issue 22): a single-use link that works for 7 days. */
export function InvitationEmail({ accountName, inviterName, roleLabel, url, expiresOn }: InvitationEmailProps) {
  return (
    <EmailLayout title={invitationSubject(accountName)} preview={`${inviterName} invited you to ${accountName} as ${roleLabel}.`}>
      <P>Hello,</P>
      <P>
        {inviterName} invited you to join {accountName} as {roleLabel}. Sign in or create a login with this e-mail address, then accept the invitation:
      </P>
      <EmailButton href={url}>Accept the invitation</EmailButton>
      <P muted>The link works once, until {expiresOn}. If you did not expect this invitation, ignore this message.</P>
    </EmailLayout>
  );
}

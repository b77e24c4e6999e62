import type { OutgoingEmail } from "./email.server";
import { renderEmail } from "./render-email";
import { InvitationEmail, invitationSubject, type InvitationEmailProps } from "./templates/invitation";

export const INVITATION_EMAIL_KIND = "account-invitation";

export async function invitationEmail(to: string, props: InvitationEmailProps): Promise<OutgoingEmail> {
  const parts = await renderEmail(<InvitationEmail {...props} />);
  return { to, kind: INVITATION_EMAIL_KIND, subject: invitationSubject(props.accountName), ...parts };
}

import type { OutgoingEmail } from "./email.server";
import { renderEmail } from "./render-email";
import { ACCOUNT_EXISTS_SUBJECT, AccountExists } from "./templates/account-exists";

export const ACCOUNT_EXISTS_EMAIL_KIND = "account-exists";

/**
 * Sent instead of an error when someone signs up with an address that
 * already has an account: the page says the same as for a new address, and
 * only the owner of the mailbox learns that the account exists.
 */
export async function accountExistsEmail(to: string, firstName: string | null | undefined, baseUrl: string): Promise<OutgoingEmail> {
  const parts = await renderEmail(<AccountExists firstName={firstName} baseUrl={baseUrl} />);
  return { to, kind: ACCOUNT_EXISTS_EMAIL_KIND, subject: ACCOUNT_EXISTS_SUBJECT, ...parts };
}

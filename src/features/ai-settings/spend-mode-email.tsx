import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { SpendLimitChanged, spendLimitSubject, type SpendModeEmailProps } from "@/features/email/templates/spend-limit";

export const SPEND_MODE_EMAIL_KIND = "spend-limit";

/** The e-mail for one recipient. */
export async function spendModeEmail(email: string, props: SpendModeEmailProps): Promise<OutgoingEmail> {
  const parts = await renderEmail(<SpendLimitChanged {...props} />);
  return { to: email, subject: spendLimitSubject(props), ...parts, kind: SPEND_MODE_EMAIL_KIND };
}

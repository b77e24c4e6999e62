import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { UsageAlert, usageAlertSubject, type UsageAlertProps } from "@/features/email/templates/usage-alert";

export const USAGE_ALERT_EMAIL_KIND = "usage-alert";

/** The customer's e-mail when a usage month passes 80% or 100% of the included units. */
export async function usageAlertEmail(input: Omit<UsageAlertProps, "baseUrl"> & { email: string }, baseUrl: string): Promise<OutgoingEmail> {
  const { email, ...props } = input;
  const parts = await renderEmail(<UsageAlert {...props} baseUrl={baseUrl} />);
  return { to: email, subject: usageAlertSubject(input.threshold), ...parts, kind: USAGE_ALERT_EMAIL_KIND };
}

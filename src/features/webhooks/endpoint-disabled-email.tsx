import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { WEBHOOK_ENDPOINT_DISABLED_SUBJECT, WebhookEndpointDisabled, type WebhookEndpointDisabledProps } from "@/features/email/templates/webhook-endpoint-disabled";

export const WEBHOOK_ENDPOINT_DISABLED_EMAIL_KIND = "webhook-endpoint-disabled";

/** The e-mail to one owner when an endpoint was turned off after 5 days of failures. */
export async function endpointDisabledEmail(input: Omit<WebhookEndpointDisabledProps, "baseUrl"> & { email: string }, baseUrl: string): Promise<OutgoingEmail> {
  const { email, ...props } = input;
  const parts = await renderEmail(<WebhookEndpointDisabled {...props} baseUrl={baseUrl} />);
  return { to: email, subject: WEBHOOK_ENDPOINT_DISABLED_SUBJECT, ...parts, kind: WEBHOOK_ENDPOINT_DISABLED_EMAIL_KIND };
}

import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { PaymentFailed, paymentFailedSubject } from "@/features/email/templates/payment-failed";

export const DUNNING_EMAIL_KIND = "payment-failed";

type DunningInput = { email: string; firstName: string | null; planName: string; aiEmployeeName: string | null };

/** The customer's e-mail when a subscription's payment failed and it is past due. */
export async function dunningEmail(input: DunningInput, baseUrl: string): Promise<OutgoingEmail> {
  const parts = await renderEmail(<PaymentFailed firstName={input.firstName} planName={input.planName} aiEmployeeName={input.aiEmployeeName} baseUrl={baseUrl} />);
  return { to: input.email, subject: paymentFailedSubject(input.planName), ...parts, kind: DUNNING_EMAIL_KIND };
}

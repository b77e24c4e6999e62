import { emailLayout, escapeHtml, type OutgoingEmail } from "@/features/email/email.server";

export const DUNNING_EMAIL_KIND = "payment-failed";

type DunningInput = { email: string; firstName: string | null; planName: string; aiEmployeeName: string | null };

/** The customer's e-mail when a subscription's payment failed and it is past due. */
export function dunningEmail(input: DunningInput, baseUrl: string): OutgoingEmail {
  const hello = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const what = input.aiEmployeeName ? `your AI employee ${input.aiEmployeeName} (${input.planName} plan)` : `your ${input.planName} plan`;
  const billingUrl = `${baseUrl}/billing`;
  const text = [
    hello,
    "",
    `We could not collect the payment for ${what}. The subscription is past due.`,
    "Update your payment method to keep your AI employee running; the open invoice is then paid with it.",
    "",
    `Billing & Account: ${billingUrl}`,
    "",
    "Reply to this e-mail if you need help.",
  ].join("\n");
  const html = emailLayout(
    "Your payment failed",
    `<p>${escapeHtml(hello)}</p>
<p>We could not collect the payment for ${escapeHtml(what)}. The subscription is past due.</p>
<p>Update your payment method to keep your AI employee running; the open invoice is then paid with it.</p>
<p style="margin:24px 0"><a href="${escapeHtml(billingUrl)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Update payment method</a></p>
<p style="font-size:13px;color:#6b7280">Reply to this e-mail if you need help.</p>`,
  );
  return { to: input.email, subject: `Payment failed for your ${input.planName} plan`, text, html, kind: DUNNING_EMAIL_KIND };
}

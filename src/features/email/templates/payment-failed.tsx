import { EmailButton, EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

export type PaymentFailedProps = { firstName: string | null; planName: string; aiEmployeeName: string | null; baseUrl: string };

export const paymentFailedSubject = (planName: string) => `Payment failed for your ${planName} plan`;

/** The customer's e-mail when a subscription's payment failed and it is past due. */
export function PaymentFailed({ firstName, planName, aiEmployeeName, baseUrl }: PaymentFailedProps) {
  const billingUrl = absoluteUrl(baseUrl, "/billing");
  const what = aiEmployeeName ? `your AI employee ${aiEmployeeName} (${planName} plan)` : `your ${planName} plan`;
  return (
    <EmailLayout title="Your payment failed">
      <P>{greeting(firstName)}</P>
      <P>{`We could not collect the payment for ${what}. The subscription is past due.`}</P>
      <P>Update your payment method to keep your AI employee running; the open invoice is then paid with it.</P>
      <EmailButton href={billingUrl}>Update payment method</EmailButton>
      <P>
        Billing &amp; Account: <EmailLink href={billingUrl}>{billingUrl}</EmailLink>
      </P>
      <P muted>Reply to this e-mail if you need help.</P>
    </EmailLayout>
  );
}

import { BRAND } from "@/lib/brand";
import { EmailButton, EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

export type SubscriptionCancelledProps = {
  firstName: string | null;
  planName: string;
  /** The subscription's last day, as shown, e.g. "December 10, 2026". */
  endsOn: string;
  baseUrl: string;
};

export const subscriptionCancelledSubject = (endsOn: string) => `Your ${BRAND.name} subscription ends on ${endsOn}`;

/** Sent when a subscription is set to cancel at the period's end (issue 23). */
export function SubscriptionCancelled({ firstName, planName, endsOn, baseUrl }: SubscriptionCancelledProps) {
  const billingUrl = absoluteUrl(baseUrl, "/billing");
  return (
    <EmailLayout title="Your subscription is cancelled" preview={`Your ${planName} plan ends on ${endsOn}. You can resume it until then.`}>
      <P>{greeting(firstName)}</P>
      <P>{`Your ${planName} plan is cancelled and ends on ${endsOn}. Until then your AI employee keeps answering calls and messages; from then on it stops, and nothing more is charged.`}</P>
      <P>
        Changed your mind? Open <EmailLink href={billingUrl}>Billing &amp; Account</EmailLink> and choose Resume subscription before {endsOn}: nothing changes and your plan renews as before.
      </P>
      <EmailButton href={billingUrl}>Resume subscription</EmailButton>
      <P muted>{`Questions? Call us at ${BRAND.phoneDisplay} or reply to this e-mail.`}</P>
    </EmailLayout>
  );
}

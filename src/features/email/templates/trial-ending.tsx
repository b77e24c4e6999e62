import { BRAND } from "@/lib/brand";
import { EmailButton, EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

export type TrialEndingProps = {
  firstName: string | null;
  planName: string;
  /** The first charge, as shown, e.g. "$699.00". */
  amount: string;
  /** The trial's last day, as shown, e.g. "December 10, 2026". */
  trialEndsOn: string;
  baseUrl: string;
};

export const trialEndingSubject = (trialEndsOn: string) => `Your ${BRAND.name} free trial ends on ${trialEndsOn}`;

/** Sent once, three days before a free trial ends (issue 23). */
export function TrialEnding({ firstName, planName, amount, trialEndsOn, baseUrl }: TrialEndingProps) {
  const billingUrl = absoluteUrl(baseUrl, "/billing");
  return (
    <EmailLayout title="Your free trial ends in 3 days" preview={`Your card is charged ${amount} on ${trialEndsOn}.`}>
      <P>{greeting(firstName)}</P>
      <P>{`Your free trial of the ${planName} plan ends on ${trialEndsOn}. Then your card is charged ${amount} and your subscription continues; you do not need to do anything.`}</P>
      <P>
        To change your plan or cancel before you are charged, open <EmailLink href={billingUrl}>Billing &amp; Account</EmailLink>.
      </P>
      <EmailButton href={billingUrl}>Review your subscription</EmailButton>
      <P muted>{`Questions? Call us at ${BRAND.phoneDisplay} or reply to this e-mail.`}</P>
    </EmailLayout>
  );
}

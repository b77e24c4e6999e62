import { BRAND } from "@/lib/brand";
import { EmailButton, EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

export type PlanChangedProps = {
  firstName: string | null;
  fromPlan: string;
  toPlan: string;
  /** "now", or the day the change takes effect, as shown, e.g. "December 10, 2026". */
  effectiveOn: string | null;
  /** The new plan's price, as shown, e.g. "$699.00 per month". */
  price: string;
  /** The included units of the new plan, e.g. "800 units / month". */
  units: string;
  baseUrl: string;
};

export const planChangedSubject = (toPlan: string, effectiveOn: string | null) =>
  effectiveOn ? `Your ${BRAND.name} plan changes to ${toPlan} on ${effectiveOn}` : `Your ${BRAND.name} plan is now ${toPlan}`;

/** Sent when a plan change is made (an upgrade, at once) or scheduled (a downgrade, at the period's end); issue 23. */
export function PlanChanged({ firstName, fromPlan, toPlan, effectiveOn, price, units, baseUrl }: PlanChangedProps) {
  const billingUrl = absoluteUrl(baseUrl, "/billing");
  return (
    <EmailLayout title={effectiveOn ? `Your plan changes on ${effectiveOn}` : "Your plan has changed"} preview={`${fromPlan} to ${toPlan}: ${price}, ${units}.`}>
      <P>{greeting(firstName)}</P>
      {effectiveOn ? (
        <P>{`Your ${fromPlan} plan changes to ${toPlan} on ${effectiveOn}. Until then nothing changes; from then on you pay ${price} and have ${units}.`}</P>
      ) : (
        <P>{`Your plan is now ${toPlan}: ${price} with ${units}. The difference for the rest of this billing period has been charged to your card.`}</P>
      )}
      <P>
        You can see your invoices and change your plan again in <EmailLink href={billingUrl}>Billing &amp; Account</EmailLink>
        {effectiveOn ? `, or keep your current plan until ${effectiveOn}.` : "."}
      </P>
      <EmailButton href={billingUrl}>Open billing</EmailButton>
      <P muted>{`Questions? Call us at ${BRAND.phoneDisplay} or reply to this e-mail.`}</P>
    </EmailLayout>
  );
}

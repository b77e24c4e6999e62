import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { PlanChanged, planChangedSubject } from "@/features/email/templates/plan-changed";
import { SubscriptionCancelled, subscriptionCancelledSubject } from "@/features/email/templates/subscription-cancelled";
import { emailDate } from "./trial-emails";

export const SUBSCRIPTION_CANCELLED_EMAIL_KIND = "subscription-cancelled";
export const PLAN_CHANGED_EMAIL_KIND = "plan-changed";

/** The customer's e-mail when a subscription is set to end at the period's end. */
export async function subscriptionCancelledEmail(input: { email: string; firstName: string | null; planName: string; endsOn: Date }, baseUrl: string): Promise<OutgoingEmail> {
  const endsOn = emailDate(input.endsOn);
  const parts = await renderEmail(<SubscriptionCancelled firstName={input.firstName} planName={input.planName} endsOn={endsOn} baseUrl={baseUrl} />);
  return { to: input.email, subject: subscriptionCancelledSubject(endsOn), ...parts, kind: SUBSCRIPTION_CANCELLED_EMAIL_KIND };
}

/** The customer's e-mail when the plan changed (now) or will change (at `effectiveAt`). */
export async function planChangedEmail(
  input: { email: string; firstName: string | null; fromPlan: string; toPlan: string; effectiveAt: Date | null; price: string; units: string },
  baseUrl: string,
): Promise<OutgoingEmail> {
  const effectiveOn = input.effectiveAt ? emailDate(input.effectiveAt) : null;
  const parts = await renderEmail(
    <PlanChanged firstName={input.firstName} fromPlan={input.fromPlan} toPlan={input.toPlan} effectiveOn={effectiveOn} price={input.price} units={input.units} baseUrl={baseUrl} />,
  );
  return { to: input.email, subject: planChangedSubject(input.toPlan, effectiveOn), ...parts, kind: PLAN_CHANGED_EMAIL_KIND };
}

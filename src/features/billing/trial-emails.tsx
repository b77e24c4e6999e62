import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { TrialEnding, trialEndingSubject } from "@/features/email/templates/trial-ending";
import { TrialStarted, trialStartedSubject } from "@/features/email/templates/trial-started";

export const TRIAL_STARTED_EMAIL_KIND = "trial-started";
export const TRIAL_ENDING_EMAIL_KIND = "trial-ending";

/** A day as the trial e-mails show it: "December 10, 2026" (UTC, as the provider counts trial days). */
export function emailDate(d: Date): string {
  return d.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

type TrialStartedInput = {
  email: string;
  firstName: string | null;
  planName: string;
  price: string;
  trialEnd: Date;
  aiEmployee: { name: string; phone: string } | null;
};

/** The customer's e-mail when a card-backed free trial starts. */
export async function trialStartedEmail(input: TrialStartedInput, baseUrl: string): Promise<OutgoingEmail> {
  const parts = await renderEmail(
    <TrialStarted firstName={input.firstName} planName={input.planName} price={input.price} trialEndsOn={emailDate(input.trialEnd)} aiEmployee={input.aiEmployee} baseUrl={baseUrl} />,
  );
  return { to: input.email, subject: trialStartedSubject(input.planName), ...parts, kind: TRIAL_STARTED_EMAIL_KIND };
}

type TrialEndingInput = { email: string; firstName: string | null; planName: string; amount: string; trialEnd: Date };

/** The customer's e-mail three days before a free trial ends. */
export async function trialEndingEmail(input: TrialEndingInput, baseUrl: string): Promise<OutgoingEmail> {
  const trialEndsOn = emailDate(input.trialEnd);
  const parts = await renderEmail(<TrialEnding firstName={input.firstName} planName={input.planName} amount={input.amount} trialEndsOn={trialEndsOn} baseUrl={baseUrl} />);
  return { to: input.email, subject: trialEndingSubject(trialEndsOn), ...parts, kind: TRIAL_ENDING_EMAIL_KIND };
}

import { Heading } from "@react-email/components";
import { BRAND } from "@/lib/brand";
import { EmailButton, EmailLayout, P, absoluteUrl, greeting } from "./layout";

export type TrialStartedProps = {
  firstName: string | null;
  planName: string;
  /** What the first charge will be, as shown, e.g. "$699.00 per month". */
  price: string;
  /** The trial's last day, as shown, e.g. "December 10, 2026". */
  trialEndsOn: string;
  /** The AI employee the subscription has, if one is linked already. */
  aiEmployee: { name: string; phone: string } | null;
  baseUrl: string;
};

export const trialStartedSubject = (planName: string) => `Your ${BRAND.name} free trial of the ${planName} plan has started`;

/** What to have ready for the setup call (issue 23: "what to prepare"). */
export const SETUP_CALL_CHECKLIST = [
  "Your business hours, holidays and the time zone you work in",
  "The services you offer and the prices callers ask about",
  "How appointments are booked: your calendar, appointment lengths and who may be booked",
  "Who takes transferred calls and urgent messages, with their phone numbers",
  "The ten questions callers ask most, with your answers",
];

/**
 * Sent once when a card-backed free trial starts (issue 23): what happens
 * next, who calls when, and what to prepare for the setup call.
 */
export function TrialStarted({ firstName, planName, price, trialEndsOn, aiEmployee, baseUrl }: TrialStartedProps) {
  return (
    <EmailLayout title="Your free trial has started" preview={`Your 14-day free trial runs until ${trialEndsOn}.`}>
      <P>{greeting(firstName)}</P>
      <P>{`Thank you for choosing ${BRAND.name}. Your 14-day free trial of the ${planName} plan has started and runs until ${trialEndsOn}. Your card is charged ${price} after the trial ends, unless you cancel before then.`}</P>
      <Heading as="h2" style={{ fontSize: "17px", margin: "24px 0 8px" }}>
        What happens next
      </Heading>
      <ol style={{ paddingLeft: "20px", lineHeight: "1.6" }}>
        <li>{`Within one business day our onboarding team calls you (${BRAND.hoursDisplay}) to book a 30-minute setup call. If we miss you, we leave a message and e-mail you.`}</li>
        <li>On the setup call we set up your AI employee with you: its greeting, your hours, how it books appointments and when it transfers a call to you.</li>
        <li>
          {aiEmployee
            ? `Your AI employee ${aiEmployee.name} is ready: call ${aiEmployee.phone} to hear it, and see every call on your dashboard.`
            : "Once your AI employee is ready, we e-mail you its phone number. It joins this subscription; there is nothing more to start."}
        </li>
      </ol>
      <Heading as="h2" style={{ fontSize: "17px", margin: "24px 0 8px" }}>
        What to prepare for the setup call
      </Heading>
      <ul style={{ paddingLeft: "20px", lineHeight: "1.6" }}>
        {SETUP_CALL_CHECKLIST.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <EmailButton href={absoluteUrl(baseUrl, "/dashboard")}>Open your dashboard</EmailButton>
      <P muted>{`Questions? Call us at ${BRAND.phoneDisplay} or reply to this e-mail.`}</P>
    </EmailLayout>
  );
}

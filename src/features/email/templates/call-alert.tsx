import { EMAIL_COLORS, EmailButton, EmailLayout, EmailLink, Facts, P } from "./layout";

/** What the per-call notification shows (issue 25); every text is made by the caller (call-alerts/call-alert-text.ts). */
export type CallAlertProps = {
  /** "New call from Rosa Martinez" */
  headline: string;
  /** "Rosa Martinez, (212) 555-0100" */
  caller: string;
  /** "Nov 23, 2026 14:05 CST" */
  time: string;
  outcome: string;
  aiEmployeeName: string;
  /** Null while the AI employee's summary was not ready (the wait for it ran out). */
  summary: string | null;
  appointmentBooked: boolean;
  /** The call's page (sign-in required). */
  callUrl: string;
  /** The call's page at its "Report spam" control: never a link that changes anything by itself. */
  spamUrl: string;
  ruleName: string;
  accountName: string;
  /** The unsubscribe page for this rule and this recipient (its button turns the rule off for them only). */
  unsubscribeUrl: string;
};

/** "New call from Rosa Martinez · Answered" */
export const callAlertSubject = (headline: string, outcome: string) => `${headline} · ${outcome}`;

export const CALL_SUMMARY_NOT_READY = "The summary was not ready yet.";

/**
 * The e-mail about one call, sent by a notification rule (issue 25): the
 * caller, the time, the outcome, the summary, whether an appointment was
 * booked, the call's page and how to mark it as spam there, and the footer
 * that turns this rule off for this address.
 */
export function CallAlert(p: CallAlertProps) {
  const facts: Array<[string, string]> = [
    ["Caller", p.caller],
    ["Time", p.time],
    ["Outcome", p.outcome],
    ["Appointment booked", p.appointmentBooked ? "Yes" : "No"],
    ["AI employee", p.aiEmployeeName],
  ];
  return (
    <EmailLayout title={p.headline} preview={p.summary ?? `${p.outcome} · ${p.time}`}>
      <Facts facts={facts} />
      <P>
        <span style={{ color: EMAIL_COLORS.muted }}>Summary:</span> {p.summary ?? CALL_SUMMARY_NOT_READY}
      </P>
      <EmailButton href={p.callUrl}>Open the call</EmailButton>
      <P muted>The call&apos;s page asks you to sign in first.</P>
      <P>
        Not a real caller? <EmailLink href={p.spamUrl}>Mark as spam</EmailLink> on the call&apos;s page.
      </P>
      <P muted>
        {`You receive this because of the notification rule “${p.ruleName}” of ${p.accountName}. To stop receiving it at this address, unsubscribe: `}
        <EmailLink href={p.unsubscribeUrl}>{p.unsubscribeUrl}</EmailLink>
      </P>
    </EmailLayout>
  );
}

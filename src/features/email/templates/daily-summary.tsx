import { Heading } from "@react-email/components";
import { EmailButton, EmailLink, EmailLayout, P, absoluteUrl, greeting } from "./layout";

/** A call the summary lists: who, when (local time), what happened, and the call's page. */
export type DailySummaryCall = { caller: string; time: string; note: string; url: string };

export type DailySummaryProps = {
  firstName: string | null;
  accountName: string;
  /** The day summarised, as the account's people say it: "Sunday, March 8, 2026". */
  dayLabel: string;
  /** Calls of the day, and how many ended each way (only outcomes that happened, most first). */
  calls: number;
  outcomes: ReadonlyArray<{ label: string; count: number }>;
  /** Text conversations (SMS, chat, social) of the day. */
  conversations: number;
  /** Missed calls and voicemails to return: how many, and the newest few. */
  missed: { total: number; items: readonly DailySummaryCall[] };
  /** Appointments booked: how many, and the newest few. */
  bookings: { total: number; items: readonly DailySummaryCall[] };
  /** This usage month's units against the plan's allowance (null: unlimited); null when there is no subscription to show. */
  units: { used: string; included: number | null } | null;
  baseUrl: string;
  /** The unsubscribe page for this member's daily summary (the one-click URL is in the List-Unsubscribe header). */
  unsubscribeUrl: string;
};

export const dailySummarySubject = (accountName: string, dayLabel: string) => `${accountName}: your daily summary for ${dayLabel}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const h2 = { fontSize: "17px", margin: "24px 0 8px" } as const;
const list = { margin: "0 0 12px", paddingLeft: "20px", fontSize: "15px", lineHeight: "1.6" } as const;

/** The summary's one-line preview: "12 calls, 3 missed calls to return, 2 appointments booked". */
export function dailySummaryPreview(p: Pick<DailySummaryProps, "calls" | "missed" | "bookings" | "conversations">): string {
  const parts = [plural(p.calls, "call", "calls")];
  if (p.conversations) parts.push(plural(p.conversations, "conversation", "conversations"));
  parts.push(`${plural(p.missed.total, "missed call", "missed calls")} to return`, `${plural(p.bookings.total, "appointment", "appointments")} booked`);
  return parts.join(", ");
}

function CallList({ items, total, moreUrl }: { items: readonly DailySummaryCall[]; total: number; moreUrl: string }) {
  return (
    <>
      <ul style={list}>
        {items.map((c) => (
          <li key={c.url}>
            {`${c.time} · ${c.caller} · ${c.note} · `}
            <EmailLink href={c.url}>Open the call</EmailLink>
          </li>
        ))}
      </ul>
      {total > items.length ? (
        <P>
          <EmailLink href={moreUrl}>{`and ${total - items.length} more`}</EmailLink>
        </P>
      ) : null}
    </>
  );
}

/**
 * The daily summary (issue 25, ADR 0131): sent at 08:00 in the account's
 * time zone to each member who reads calls and did not turn it off, about
 * yesterday: calls by outcome, missed calls to return, appointments booked,
 * and this month's units against the plan's allowance.
 */
export function DailySummary(p: DailySummaryProps) {
  const callsUrl = absoluteUrl(p.baseUrl, "/calls");
  const quiet = p.calls === 0 && p.conversations === 0;
  const outcomeText = p.outcomes.map((o) => `${o.count} ${o.label.toLowerCase()}`).join(", ");
  return (
    <EmailLayout title={`Yesterday at ${p.accountName}`} preview={dailySummaryPreview(p)}>
      <P>{greeting(p.firstName)}</P>
      <P>{quiet ? `Your AI employees had no calls or messages on ${p.dayLabel}.` : `Here is what your AI employees handled on ${p.dayLabel}.`}</P>

      <Heading as="h2" style={h2}>
        Calls
      </Heading>
      <P>{p.calls ? `${plural(p.calls, "call", "calls")}: ${outcomeText}.` : "No calls."}</P>
      {p.conversations ? <P>{`${plural(p.conversations, "text conversation", "text conversations")} (SMS, chat and social).`}</P> : null}

      <Heading as="h2" style={h2}>
        Missed calls to return
      </Heading>
      {p.missed.total ? (
        <>
          <P>{`${plural(p.missed.total, "missed call or voicemail", "missed calls and voicemails")} not yet marked handled, newest first:`}</P>
          <CallList items={p.missed.items} total={p.missed.total} moreUrl={callsUrl} />
        </>
      ) : (
        <P>None: nobody is waiting for a call back.</P>
      )}

      <Heading as="h2" style={h2}>
        Appointments booked
      </Heading>
      {p.bookings.total ? (
        <>
          <P>{`${plural(p.bookings.total, "appointment", "appointments")} booked:`}</P>
          <CallList items={p.bookings.items} total={p.bookings.total} moreUrl={absoluteUrl(p.baseUrl, "/calls/appointments")} />
        </>
      ) : (
        <P>No appointments were booked.</P>
      )}

      {p.units ? (
        <>
          <Heading as="h2" style={h2}>
            Units
          </Heading>
          <P>{p.units.included === null ? `${p.units.used} units used this month; your plan's units are unlimited.` : `${p.units.used} of ${p.units.included} units used this month.`}</P>
        </>
      ) : null}

      <EmailButton href={callsUrl}>Open your calls</EmailButton>
      <P muted>
        {`You receive this summary every morning as a member of ${p.accountName}. `}
        <EmailLink href={absoluteUrl(p.baseUrl, "/account/notifications")}>Change what you receive</EmailLink>
        {" or "}
        <EmailLink href={p.unsubscribeUrl}>unsubscribe from the daily summary</EmailLink>.
      </P>
    </EmailLayout>
  );
}

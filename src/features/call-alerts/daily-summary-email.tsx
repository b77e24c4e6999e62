import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { DailySummary, dailySummarySubject, type DailySummaryCall } from "@/features/email/templates/daily-summary";
import { formatPhone } from "@/lib/phone-format";
import { countryOfTimeZone } from "@/lib/zone-country";
import { OUTCOME_LABEL } from "@/lib/call-labels";
import { OUTCOME_ORDER, type DayActivity, type DayCall } from "./daily-summary-data.server";

export const DAILY_SUMMARY_EMAIL_KIND = "daily-summary";

/** Longest summary shown beside a booked appointment. */
const NOTE_CHARS = 120;

export type DailySummaryInput = {
  to: string;
  firstName: string | null;
  accountName: string;
  zone: string;
  /** The day summarised, YYYY-MM-DD (local). */
  day: string;
  activity: DayActivity;
  /** This usage month's units (decimal) and the plan's allowance (null: unlimited); null without a subscription to show. */
  units: { used: number; included: number | null } | null;
  baseUrl: string;
  /** The one-click unsubscribe headers and the footer's unsubscribe page. */
  unsubscribe: { headers: Record<string, string>; pageUrl: string };
};

/** "Sunday, March 8, 2026" for YYYY-MM-DD. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** Units as the portal writes them: at most three decimals, thousands grouped ("62.5", "1,204.02"). */
function unitsText(units: number): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 }).format(units);
}

function callItem(c: DayCall, zone: string, note: string, baseUrl: string): DailySummaryCall {
  // Whom the call was with: the caller of an inbound call, the one called of an outbound one.
  const raw = c.direction === "inbound" ? c.fromNumber : c.toNumber;
  const number = raw ? formatPhone(raw, countryOfTimeZone(zone)) : null;
  const caller = [c.callerName?.trim(), number].filter(Boolean).join(", ") || "Unknown caller";
  const time = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(c.startedAt);
  return { caller, time, note, url: `${baseUrl.replace(/\/$/, "")}/calls/${encodeURIComponent(c.id)}` };
}

function shortNote(summary: string | null): string {
  const s = summary?.replace(/\s+/g, " ").trim();
  if (!s) return "Appointment booked";
  return s.length > NOTE_CHARS ? `${s.slice(0, NOTE_CHARS - 1).trimEnd()}…` : s;
}

/** One member's daily summary e-mail, both parts, with the List-Unsubscribe headers of their digest. */
export async function dailySummaryEmail(input: DailySummaryInput): Promise<OutgoingEmail> {
  const { activity: a, zone, baseUrl } = input;
  const label = dayLabel(input.day);
  const outcomes = OUTCOME_ORDER.filter((o) => a.outcomes[o])
    .map((o) => ({ label: OUTCOME_LABEL[o], count: a.outcomes[o]! }))
    .sort((x, y) => y.count - x.count);
  const parts = await renderEmail(
    <DailySummary
      firstName={input.firstName}
      accountName={input.accountName}
      dayLabel={label}
      calls={a.calls}
      outcomes={outcomes}
      conversations={a.conversations}
      missed={{ total: a.missed.total, items: a.missed.items.map((c) => callItem(c, zone, OUTCOME_LABEL[c.outcome], baseUrl)) }}
      bookings={{ total: a.bookings.total, items: a.bookings.items.map((c) => callItem(c, zone, shortNote(c.summary), baseUrl)) }}
      units={input.units ? { used: unitsText(input.units.used), included: input.units.included } : null}
      baseUrl={baseUrl}
      unsubscribeUrl={input.unsubscribe.pageUrl}
    />,
  );
  return { to: input.to, subject: dailySummarySubject(input.accountName, label), ...parts, kind: DAILY_SUMMARY_EMAIL_KIND, headers: input.unsubscribe.headers };
}

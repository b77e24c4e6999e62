import { CHANNEL_LABEL, OUTCOME_LABEL } from "@/lib/call-labels";
import { formatDateTime } from "@/lib/format";
import { formatPhone } from "@/lib/phone-format";
import { MAX_SMS_LENGTH } from "@/features/sms/port";

/** The call as a notification tells it. */
export type AlertCall = {
  id: string;
  channel: keyof typeof CHANNEL_LABEL;
  direction: "inbound" | "outbound";
  outcome: keyof typeof OUTCOME_LABEL;
  startedAt: Date;
  fromNumber: string | null;
  toNumber: string | null;
  callerName: string | null;
  summary: string | null;
  appointmentBooked: boolean;
};

/** The words of one notification, made once and used by the e-mail and the SMS. */
export type AlertWords = {
  /** "New call from Rosa Martinez" */
  headline: string;
  /** "New call from Rosa Martinez · Answered" */
  subject: string;
  /** "Rosa Martinez, (212) 555-0100"; "Unknown caller" */
  caller: string;
  /** "Nov 23, 2026 14:05 CST" in the account's zone */
  time: string;
  outcome: string;
  callUrl: string;
  /** The call's page at its "Report spam" control: a page, never a GET that changes anything. */
  spamUrl: string;
};

/** What the notification calls the conversation, mid-sentence. */
const KIND: Record<AlertCall["channel"], string> = { phone: "call", sms: "text conversation", chat: "web chat", social: "social media message" };

/** The other party's number: the caller's on an inbound call, the one called on an outbound one. */
const partyNumber = (c: AlertCall) => (c.direction === "inbound" ? c.fromNumber : c.toNumber);

/** The zone's short name at `at` ("CST", "GMT+1", "UTC"). */
function zoneAbbreviation(at: Date, tz: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "short" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? tz;
}

/** How the notification names the call and its caller, in the account's zone and its country's way of writing numbers. */
export function alertWords(c: AlertCall, opts: { timeZone: string; country: string; baseUrl: string }): AlertWords {
  const raw = partyNumber(c);
  const number = raw ? formatPhone(raw, opts.country) : "";
  const name = c.callerName?.trim() ?? "";
  const who = name || number;
  const caller = name && number ? `${name}, ${number}` : who || (c.direction === "inbound" ? "Unknown caller" : "Unknown number");
  const kind = KIND[c.channel];
  const headline = c.direction === "inbound" ? `New ${kind} from ${who || "an unknown caller"}` : `${kind[0]!.toUpperCase()}${kind.slice(1)} to ${who || "an unknown number"}`;
  const outcome = OUTCOME_LABEL[c.outcome];
  const callUrl = `${opts.baseUrl}/calls/${c.id}`;
  return {
    headline,
    subject: `${headline} · ${outcome}`,
    caller,
    time: `${formatDateTime(c.startedAt, { timeZone: opts.timeZone })} ${zoneAbbreviation(c.startedAt, opts.timeZone)}`,
    outcome,
    callUrl,
    spamUrl: `${callUrl}#report-spam`,
  };
}

/** Cuts `text` to `max` characters (UTF-16 units, as the limit counts), ending with "…" when cut; never half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return "";
  return `${text
    .slice(0, max - 1)
    .replace(/[\uD800-\uDBFF]$/, "")
    .trimEnd()}…`;
}

/**
 * The SMS about one call: the subject, whether an appointment was booked, the
 * summary (cut to fit) and the link, at most MAX_SMS_LENGTH characters with
 * the link always whole.
 */
export function alertSms(c: Pick<AlertCall, "summary" | "appointmentBooked">, words: AlertWords): string {
  const link = words.callUrl;
  const head = cut(`${words.subject}${c.appointmentBooked ? " · Appointment booked" : ""}`, MAX_SMS_LENGTH - link.length - 1);
  const room = MAX_SMS_LENGTH - head.length - link.length - 2;
  const summary = c.summary?.replace(/\s+/g, " ").trim();
  return summary && room > 10 ? `${head}\n${cut(summary, room)}\n${link}` : `${head}\n${link}`;
}

/** The one SMS that stands for a burst of calls: "37 new calls since 14:05: <base>/calls". */
export function burstSms(count: number, since: Date, timeZone: string, baseUrl: string): string {
  const clock = new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(since);
  return `${count} new ${count === 1 ? "call" : "calls"} since ${clock}: ${baseUrl}/calls`;
}

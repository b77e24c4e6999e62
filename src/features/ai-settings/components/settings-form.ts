import { SETTINGS_KEY_LABELS, SETTINGS_KEYS, settingsDocumentSchema, WEEKDAYS, WEEKDAY_LABELS, type SettingsDocument, type SettingsInput, type Weekday } from "../settings.schema";

/**
 * The settings editor's form values and their conversion to and from the
 * settings document (issue 24). The form keeps what inputs hold (strings for
 * numbers and dollars, "" for no transfer number); the document is what PUT
 * takes. Form paths mirror document paths except spendLimit.capCents, which
 * the form holds as dollars (spendLimit.capDollars).
 */

export type FormRange = { open: string; close: string };

export type SettingsFormValues = {
  name: string;
  greeting: string;
  description: string;
  language: string;
  timeZone: string;
  hours: Record<Weekday, FormRange[]>;
  closedDays: { date: string; label: string }[];
  afterHours: { action: SettingsDocument["afterHours"]["action"]; messageText: string; transferNumber: string; transferText: string; hoursText: string };
  answers: { question: string; answer: string }[];
  transferRules: { label: string; when: string; announcement: string; numbers: { number: string; ringSeconds: string }[]; fallback: SettingsDocument["transferRules"][number]["fallback"] }[];
  booking: { enabled: boolean; eventTypeId: string; apiKey: string };
  recording: { announcement: string; twoPartyConsent: boolean };
  spendLimit: { mode: SettingsDocument["spendLimit"]["mode"]; capDollars: string };
};

/** A problem found in the form, at a document path ("transferRules.0.numbers.1.number"). */
export type Problem = { path: string; message: string };

/** <input type="time"> cannot show 24:00: a range that ends at midnight is shown as closing at 00:00. */
const toTimeInput = (clock: string) => (clock === "24:00" ? "00:00" : clock);
/** A close of 00:00 is midnight at the end of the day. */
const fromCloseInput = (clock: string) => (clock === "00:00" ? "24:00" : clock);

/** Integer cents → "50" or "50.25". */
export function centsToDollars(cents: number | null): string {
  if (cents === null) return "";
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest ? `${whole}.${String(rest).padStart(2, "0")}` : String(whole);
}

/** "50", "50.5", "$1,000.25" → integer cents, without floating point; null when empty; "invalid" when not an amount. */
export function dollarsToCents(raw: string): number | null | "invalid" {
  const text = raw.trim().replace(/^\$\s*/, "");
  if (!text) return null;
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return "invalid";
  const whole = m[1].replaceAll(",", "");
  if (whole.length > 9) return "invalid";
  return Number(whole) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** A whole number typed in an input; null when empty; "invalid" otherwise. */
function wholeNumber(raw: string): number | null | "invalid" {
  const text = raw.trim();
  if (!text) return null;
  if (!/^\d{1,9}$/.test(text)) return "invalid";
  return Number(text);
}

export function toFormValues(doc: SettingsDocument): SettingsFormValues {
  return {
    name: doc.name,
    greeting: doc.greeting,
    description: doc.description,
    language: doc.language,
    timeZone: doc.timeZone,
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, doc.hours[d].map((r) => ({ open: toTimeInput(r.open), close: toTimeInput(r.close) }))])) as Record<Weekday, FormRange[]>,
    closedDays: doc.closedDays.map((c) => ({ date: c.date, label: c.label })),
    afterHours: {
      action: doc.afterHours.action,
      messageText: doc.afterHours.messageText,
      transferNumber: doc.afterHours.transferNumber ?? "",
      transferText: doc.afterHours.transferText,
      hoursText: doc.afterHours.hoursText,
    },
    answers: doc.answers.map((a) => ({ question: a.question, answer: a.answer })),
    transferRules: doc.transferRules.map((r) => ({
      label: r.label,
      when: r.when,
      announcement: r.announcement,
      numbers: r.numbers.map((n) => ({ number: n.number, ringSeconds: String(n.ringSeconds) })),
      fallback: r.fallback,
    })),
    booking: { enabled: doc.booking.enabled, eventTypeId: doc.booking.eventTypeId === null ? "" : String(doc.booking.eventTypeId), apiKey: "" },
    recording: { announcement: doc.recording.announcement, twoPartyConsent: doc.recording.twoPartyConsent },
    spendLimit: { mode: doc.spendLimit.mode, capDollars: centsToDollars(doc.spendLimit.capCents) },
  };
}

/**
 * The document PUT takes, and the problems the inputs have before the schema
 * sees them (a number that is not a number). `hasStoredKey`: a Cal.com key is
 * stored, so an empty key field keeps it (apiKey left out).
 */
export function toDocument(form: SettingsFormValues, hasStoredKey: boolean): { document: SettingsInput; problems: Problem[] } {
  const problems: Problem[] = [];
  const ringSeconds = (raw: string, path: string) => {
    const n = wholeNumber(raw);
    if (n === null || n === "invalid") {
      problems.push({ path, message: n === null ? "is required" : "must be a whole number of seconds" });
      return 0;
    }
    return n;
  };
  const eventType = wholeNumber(form.booking.eventTypeId);
  if (eventType === "invalid") problems.push({ path: "booking.eventTypeId", message: "must be a whole number" });
  const cap = dollarsToCents(form.spendLimit.capDollars);
  if (cap === "invalid" && form.spendLimit.mode === "cap") problems.push({ path: "spendLimit.capCents", message: "must be an amount in dollars, such as 50 or 50.25" });
  const apiKey = form.booking.apiKey.trim();
  if (form.booking.enabled && !apiKey && !hasStoredKey) problems.push({ path: "booking.apiKey", message: "is required to turn booking on" });

  const document: SettingsInput = {
    name: form.name,
    greeting: form.greeting,
    description: form.description,
    language: form.language as SettingsInput["language"],
    timeZone: form.timeZone,
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, form.hours[d].map((r) => ({ open: r.open, close: fromCloseInput(r.close) }))])) as SettingsInput["hours"],
    closedDays: form.closedDays.map((c) => ({ date: c.date, label: c.label })),
    afterHours: {
      action: form.afterHours.action,
      messageText: form.afterHours.messageText,
      transferNumber: form.afterHours.transferNumber.trim() ? form.afterHours.transferNumber : null,
      transferText: form.afterHours.transferText,
      hoursText: form.afterHours.hoursText,
    },
    answers: form.answers.map((a) => ({ question: a.question, answer: a.answer })),
    transferRules: form.transferRules.map((r, i) => ({
      label: r.label,
      when: r.when,
      announcement: r.announcement,
      numbers: r.numbers.map((n, j) => ({ number: n.number, ringSeconds: ringSeconds(n.ringSeconds, `transferRules.${i}.numbers.${j}.ringSeconds`) })),
      fallback: r.fallback,
    })),
    booking: {
      enabled: form.booking.enabled,
      provider: "cal.com",
      eventTypeId: eventType === "invalid" ? null : eventType,
      ...(apiKey ? { apiKey } : {}),
    },
    recording: { announcement: form.recording.announcement, twoPartyConsent: form.recording.twoPartyConsent },
    spendLimit: { mode: form.spendLimit.mode, capCents: cap === "invalid" ? null : cap },
  };
  return { document, problems };
}

/** The form's problems: the inputs' own, then the schema's (one per path, the first). */
export function formProblems(form: SettingsFormValues, hasStoredKey: boolean): { document: SettingsInput; problems: Problem[] } {
  const { document, problems } = toDocument(form, hasStoredKey);
  const parsed = settingsDocumentSchema.safeParse(document);
  const all = [...problems, ...(parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })))];
  const seen = new Set<string>();
  const unique = all.filter((p) => (seen.has(p.path) ? false : (seen.add(p.path), true)));
  // In the page's order (the sort is stable within a section).
  const rank = (p: Problem) => (SETTINGS_KEYS as readonly string[]).indexOf(p.path.split(".")[0]);
  return { document, problems: unique.sort((x, y) => rank(x) - rank(y)) };
}

/** The form field a document path is shown at. */
export function formPath(documentPath: string): string {
  return documentPath === "spendLimit.capCents" ? "spendLimit.capDollars" : documentPath;
}

/**
 * A 400's message ("settings.transferRules.0.numbers.1.number: \"555\" is not
 * a valid phone number; name: is required") as problems at document paths;
 * a part without a path has path "".
 */
export function serverProblems(message: string): Problem[] {
  return message
    .split("; ")
    .filter(Boolean)
    .map((part) => {
      const m = /^([A-Za-z]\w*(?:\.\w+)*): (.+)$/s.exec(part);
      return m ? { path: m[1].replace(/^settings\./, ""), message: m[2] } : { path: "", message: part };
    });
}

/** Each field's label: the sections' own (SETTINGS_KEY_LABELS), then the fields inside them. */
const FIELD_LABELS: Record<string, string> = {
  ...SETTINGS_KEY_LABELS,
  "afterHours.action": "When closed",
  "afterHours.messageText": "Message text",
  "afterHours.transferNumber": "Transfer number",
  "afterHours.transferText": "Transfer text",
  "afterHours.hoursText": "Hours text",
  "booking.enabled": "Book appointments with Cal.com",
  "booking.eventTypeId": "Cal.com event type ID",
  "booking.apiKey": "Cal.com API key",
  "recording.announcement": "Recording announcement",
  "recording.twoPartyConsent": "Ask for consent before recording (two-party consent)",
  "spendLimit.mode": "At the plan's monthly units",
  "spendLimit.capCents": "Extra units limit ($)",
};

const RULE_FIELDS: Record<string, string> = { label: "label", when: "applies when", announcement: "says before transferring", fallback: "if nobody answers", numbers: "numbers" };

/** The label of the field at a document path, as the page names it ("Rule 1 number 2", "Monday opens 2"). */
export function fieldLabel(path: string): string {
  if (FIELD_LABELS[path]) return FIELD_LABELS[path];
  const [top, a, b, c, d] = path.split(".");
  const nth = (s: string | undefined) => Number(s) + 1;
  if (top === "hours" && a && a in WEEKDAY_LABELS) {
    const day = WEEKDAY_LABELS[a as Weekday];
    if (b === undefined) return day;
    const suffix = nth(b) > 1 ? ` ${nth(b)}` : "";
    if (c === "open" || c === "close") return `${day} ${c === "open" ? "opens" : "closes"}${suffix}`;
    return `${day} hours ${nth(b)}`;
  }
  if (top === "closedDays" && a !== undefined) return b === "date" || b === "label" ? `Closed day ${b} ${nth(a)}` : `Closed day ${nth(a)}`;
  if (top === "answers" && a !== undefined) return b === "question" ? `Question ${nth(a)}` : `Answer ${nth(a)}`;
  if (top === "transferRules" && a !== undefined) {
    const rule = `Rule ${nth(a)}`;
    if (b === undefined) return rule;
    if (b === "numbers" && c !== undefined) return `${rule} number ${nth(c)}${d === "ringSeconds" ? " rings (seconds)" : ""}`;
    return `${rule} ${RULE_FIELDS[b] ?? b}`;
  }
  return path;
}

/** A problem as a sentence: "Name is required", "Rule 1 number 2: \"555\" is not a valid phone number". */
export function problemText(p: Problem): string {
  if (!p.path) return p.message;
  const label = fieldLabel(p.path);
  return /^[a-z]/.test(p.message) ? `${label} ${p.message}` : `${label}: ${p.message}`;
}

import { formatMoney } from "@/lib/format";
import { AFTER_HOURS_LABELS } from "./caller-plan";
import { LANGUAGES, SETTINGS_KEY_LABELS, SETTINGS_KEYS, WEEKDAY_LABELS, WEEKDAYS, type SettingsDocument, type SettingsKey, type TimeRange, type TransferRule } from "./settings.schema";
import { spendLimitLabel } from "./spend-limit";

/**
 * What changed between two versions of the settings: the top-level keys (the
 * history's "changed" list) and readable lines ("Compare version N with
 * current"). The booking key never shows: only that it changed.
 */

type Booking = SettingsDocument["booking"];

/** The booking as compared: the key reduced to "which key" (its mask, or that a new one was sent). */
function comparableBooking(b: Booking) {
  return { enabled: b.enabled, provider: b.provider, eventTypeId: b.eventTypeId, key: b.apiKey ? `new:${b.apiKey}` : (b.apiKeyMasked ?? null) };
}

function keyChanged(a: Booking, b: Booking): boolean {
  return comparableBooking(a).key !== comparableBooking(b).key;
}

/** JSON with object keys sorted: documents read back from jsonb do not keep their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([k1], [k2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : 0)),
        )
      : v,
  );
}
const same = (x: unknown, y: unknown) => canonical(x) === canonical(y);

function comparable(doc: SettingsDocument, key: SettingsKey): unknown {
  return key === "booking" ? comparableBooking(doc.booking) : doc[key];
}

/** The top-level keys whose values differ, in the page's order. */
export function changedKeys(a: SettingsDocument, b: SettingsDocument): SettingsKey[] {
  return SETTINGS_KEYS.filter((key) => !same(comparable(a, key), comparable(b, key)));
}

const MAX_QUOTED = 200;
function q(text: string): string {
  if (text === "") return "(empty)";
  return `"${text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED - 1)}…` : text}"`;
}

const arrow = (label: string, from: string, to: string) => `${label}: ${from} → ${to}`;
const textLine = (label: string, from: string, to: string) => (from === to ? [] : [arrow(label, q(from), q(to))]);

const rangesText = (ranges: TimeRange[]) => (ranges.length ? ranges.map((r) => `${r.open}–${r.close}`).join(", ") : "closed");
const numbersText = (rule: TransferRule) => rule.numbers.map((n) => `${n.number} (${n.ringSeconds} s)`).join(", ");
const languageLabel = (code: string) => LANGUAGES.find((l) => l.value === code)?.label ?? code;
const FALLBACK_LABELS = { message: "Take a message", voicemail: "Voicemail" } as const;
const onOff = (on: boolean) => (on ? "on" : "off");

function hoursLines(a: SettingsDocument, b: SettingsDocument): string[] {
  return WEEKDAYS.filter((d) => !same(a.hours[d], b.hours[d])).map((d) => arrow(`${WEEKDAY_LABELS[d]} hours`, rangesText(a.hours[d]), rangesText(b.hours[d])));
}

function closedDayLines(a: SettingsDocument, b: SettingsDocument): string[] {
  const before = new Map(a.closedDays.map((c) => [c.date, c.label]));
  const after = new Map(b.closedDays.map((c) => [c.date, c.label]));
  const lines: string[] = [];
  for (const [date, label] of after) {
    if (!before.has(date)) lines.push(`Closed day added: ${date} ${q(label)}`);
    else if (before.get(date) !== label) lines.push(arrow(`Closed day ${date}`, q(before.get(date)!), q(label)));
  }
  for (const [date, label] of before) if (!after.has(date)) lines.push(`Closed day removed: ${date} ${q(label)}`);
  return lines;
}

function afterHoursLines(a: SettingsDocument["afterHours"], b: SettingsDocument["afterHours"]): string[] {
  return [
    ...(a.action === b.action ? [] : [arrow("When closed", AFTER_HOURS_LABELS[a.action], AFTER_HOURS_LABELS[b.action])]),
    ...textLine("Message text", a.messageText, b.messageText),
    ...(a.transferNumber === b.transferNumber ? [] : [arrow("Transfer number", a.transferNumber ?? "none", b.transferNumber ?? "none")]),
    ...textLine("Transfer text", a.transferText, b.transferText),
    ...textLine("Hours text", a.hoursText, b.hoursText),
  ];
}

/** Matched by their position among entries of the same key, so that a repeated question still pairs up. */
function pairUp<T>(before: T[], after: T[], keyOf: (t: T) => string) {
  const tag = (list: T[]) => {
    const seen = new Map<string, number>();
    return list.map((item) => {
      const k = keyOf(item);
      const n = seen.get(k) ?? 0;
      seen.set(k, n + 1);
      return { id: `${k}\u0000${n}`, item };
    });
  };
  const a = tag(before);
  const b = tag(after);
  const aIds = new Map(a.map((x) => [x.id, x.item]));
  const bIds = new Set(b.map((x) => x.id));
  const kept = b.filter((x) => aIds.has(x.id));
  const keptOrderBefore = a.filter((x) => bIds.has(x.id)).map((x) => x.id);
  return {
    added: b.filter((x) => !aIds.has(x.id)).map((x) => x.item),
    removed: a.filter((x) => !bIds.has(x.id)).map((x) => x.item),
    changed: kept.map((x) => ({ before: aIds.get(x.id)!, after: x.item })),
    reordered: !same(
      keptOrderBefore,
      kept.map((x) => x.id),
    ),
  };
}

function answerLines(a: SettingsDocument, b: SettingsDocument): string[] {
  const p = pairUp(a.answers, b.answers, (x) => x.question);
  return [
    ...p.removed.map((x) => `Answer removed: ${q(x.question)}`),
    ...p.added.map((x) => `Answer added: ${q(x.question)}`),
    ...p.changed.flatMap((c) => textLine(`Answer to ${q(c.after.question)}`, c.before.answer, c.after.answer)),
    ...(p.reordered ? ["Answers reordered"] : []),
  ];
}

function ruleLines(a: SettingsDocument, b: SettingsDocument): string[] {
  const p = pairUp(a.transferRules, b.transferRules, (r) => r.label);
  const changed = p.changed.flatMap(({ before, after }) => {
    const name = `Transfer rule ${q(after.label)}`;
    return [
      ...textLine(`${name} applies when`, before.when, after.when),
      ...textLine(`${name} says before transferring`, before.announcement, after.announcement),
      ...(same(before.numbers, after.numbers) ? [] : [arrow(`${name} numbers`, numbersText(before), numbersText(after))]),
      ...(before.fallback === after.fallback ? [] : [arrow(`${name} if nobody answers`, FALLBACK_LABELS[before.fallback], FALLBACK_LABELS[after.fallback])]),
    ];
  });
  return [...p.removed.map((r) => `Transfer rule ${q(r.label)} removed`), ...p.added.map((r) => `Transfer rule ${q(r.label)} added`), ...changed, ...(p.reordered ? ["Transfer rules reordered"] : [])];
}

function bookingLines(a: Booking, b: Booking): string[] {
  const id = (v: number | null) => (v === null ? "none" : String(v));
  return [
    ...(a.enabled === b.enabled ? [] : [arrow("Booking", onOff(a.enabled), onOff(b.enabled))]),
    ...(a.eventTypeId === b.eventTypeId ? [] : [arrow("Cal.com event type ID", id(a.eventTypeId), id(b.eventTypeId))]),
    ...(keyChanged(a, b) ? ["Cal.com API key changed"] : []),
  ];
}

function spendLines(a: SettingsDocument["spendLimit"], b: SettingsDocument["spendLimit"]): string[] {
  const describe = (s: SettingsDocument["spendLimit"]) => (s.mode === "cap" && s.capCents !== null ? `${spendLimitLabel(s.mode)} (${formatMoney(s.capCents)})` : spendLimitLabel(s.mode));
  if (a.mode !== b.mode) return [arrow("Spend limit", describe(a), describe(b))];
  if (a.mode === "cap" && a.capCents !== b.capCents)
    return [arrow("Extra units limit", a.capCents === null ? "none" : formatMoney(a.capCents), b.capCents === null ? "none" : formatMoney(b.capCents))];
  return [];
}

/** Each section's lines, from `a` (older) to `b` (newer). */
const SECTION_LINES: { [K in SettingsKey]: (a: SettingsDocument, b: SettingsDocument) => string[] } = {
  name: (a, b) => textLine(SETTINGS_KEY_LABELS.name, a.name, b.name),
  greeting: (a, b) => textLine(SETTINGS_KEY_LABELS.greeting, a.greeting, b.greeting),
  description: (a, b) => textLine(SETTINGS_KEY_LABELS.description, a.description, b.description),
  language: (a, b) => [arrow("Language", languageLabel(a.language), languageLabel(b.language))],
  timeZone: (a, b) => [arrow("Time zone", a.timeZone, b.timeZone)],
  hours: hoursLines,
  closedDays: closedDayLines,
  afterHours: (a, b) => afterHoursLines(a.afterHours, b.afterHours),
  answers: answerLines,
  transferRules: ruleLines,
  booking: (a, b) => bookingLines(a.booking, b.booking),
  recording: (a, b) => [
    ...textLine("Recording announcement", a.recording.announcement, b.recording.announcement),
    ...(a.recording.twoPartyConsent === b.recording.twoPartyConsent ? [] : [arrow("Two-party consent", onOff(a.recording.twoPartyConsent), onOff(b.recording.twoPartyConsent))]),
  ],
  spendLimit: (a, b) => spendLines(a.spendLimit, b.spendLimit),
};

/** The readable difference from `a` (older) to `b` (newer), one entry per changed section. */
export function diffSettings(a: SettingsDocument, b: SettingsDocument): { key: SettingsKey; label: string; lines: string[] }[] {
  return changedKeys(a, b).map((key) => {
    const lines = SECTION_LINES[key](a, b);
    return { key, label: SETTINGS_KEY_LABELS[key], lines: lines.length ? lines : [`${SETTINGS_KEY_LABELS[key]} changed`] };
  });
}

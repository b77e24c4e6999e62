import type { CallerPlan } from "./caller-plan";

/** Tool names the prompt refers to; the platform adapters name their tools the same. */
export const AGENT_TOOL_NAMES = {
  afterHoursTransfer: "transfer_after_hours",
  checkAvailability: "check_availability",
  bookAppointment: "book_appointment",
  endCall: "end_call",
} as const;

/** A transfer rule's tool name: "transfer_1_emergencies" (letters, digits and underscores, at most 64). */
export function transferToolName(index: number, label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return `transfer_${index + 1}${slug ? `_${slug}` : ""}`.slice(0, 64).replace(/_+$/, "");
}

/**
 * The customer's words as the platform must say them: Retell reads
 * {{name}} as a dynamic variable in prompts and begin messages
 * (https://docs.retellai.com/build/dynamic-variables), so braces that the
 * customer typed are split apart.
 */
export function literal(text: string): string {
  return text.replace(/\{\{/g, "{ {").replace(/\}\}/g, "} }");
}

const quote = (text: string) => `"${literal(text)}"`;

/**
 * Retell's system variable for the current time in a zone: {{current_time_<IANA zone>}},
 * e.g. {{current_time_Australia/Sydney}} → "Thursday, March 28, 2024 at 11:46:04 PM AEDT".
 * Source: https://docs.retellai.com/build/dynamic-variables ("Default System Variables").
 */
export function currentTimeVariable(timeZone: string): string {
  return `{{current_time_${timeZone}}}`;
}

function roleSection(plan: CallerPlan): string[] {
  const business = plan.businessName ? literal(plan.businessName) : "the business";
  const speak = plan.language.code === "multi" ? "Speak English or Spanish, whichever the caller speaks." : `Speak ${plan.language.label}.`;
  const lines = ["## Role", `You are ${literal(plan.agentName)}, the receptionist who answers the phone for ${business}. ${speak} Keep answers short and friendly: this is a phone call.`];
  if (plan.description) lines.push(`About ${business}: ${literal(plan.description)}`);
  lines.push("Only give information that is in these instructions. When you do not know, offer to take a message.");
  return lines;
}

function messagesOnlySection(plan: CallerPlan): string[] {
  if (!plan.messagesOnly) return [];
  return [
    "## Messages-only mode (this overrides everything below)",
    `The business has reached its spend limit for this month: you only take messages. You have already said: ${quote(plan.messagesOnlyText)}`,
    "Whatever the time, open or closed: take the caller's name, phone number and message, read them back to confirm, and end the call politely.",
    "You may answer questions from the opening hours and the answers below, but do not transfer calls and do not book appointments.",
  ];
}

function hoursSection(plan: CallerPlan): string[] {
  const zone = plan.timeZone;
  const lines = [
    "## Opening hours",
    `The current time in the business's time zone (${zone}) is ${currentTimeVariable(zone)}. Decide whether the business is open from this time, in ${zone}, and the hours below. Do not use any other time zone.`,
    `Weekly hours (${zone}, 24-hour clock):`,
    ...plan.week.map((d) => `- ${d.label}: ${d.text}`),
  ];
  if (plan.week.some((d) => d.ranges.some((r) => r.close < r.open)))
    lines.push("A range that closes after midnight belongs to the day it opens: it stays open until its closing time the next morning.");
  if (plan.closedDays.length > 0) {
    lines.push("Closed days: the business is closed all day on these dates (local date), whatever the weekly hours say; a range from the evening before stops at midnight.");
    lines.push(...plan.closedDays.map((c) => `- ${c.date}: ${literal(c.label)}`));
  }
  return lines;
}

function openSection(plan: CallerPlan, bookingOn: boolean): string[] {
  const help = plan.answers.length > 0 ? "Help the caller with the answers below." : "Help the caller with what these instructions say about the business.";
  const lines = ["## While the business is open", `You have already greeted the caller with: ${quote(plan.greeting)}`, help];
  if (plan.transferRules.length > 0) lines.push("Transfer the caller when one of the transfer rules below applies.");
  if (bookingOn) lines.push("Offer to book an appointment when the caller wants one (see Appointment booking).");
  lines.push("Otherwise, take a message: the caller's name, phone number and message, read back to confirm.");
  return lines;
}

function closedSection(plan: CallerPlan, bookingOn: boolean): string[] {
  const say = `Right after the greeting, tell the caller: ${quote(plan.afterHours.text)}`;
  const what = {
    message: "Then take a message: the caller's name, phone number and message, read back to confirm, and end the call politely.",
    transfer: `Then transfer the call with the tool ${AGENT_TOOL_NAMES.afterHoursTransfer} (to ${plan.afterHours.transferNumber ?? "the after-hours number"}). If the transfer fails, take a message.`,
    hours: `Then tell the caller the opening hours above, and end the call politely with the tool ${AGENT_TOOL_NAMES.endCall}.`,
  }[plan.afterHours.action];
  const not = [plan.transferRules.length > 0 ? "do not use the transfer rules" : "", bookingOn ? "do not book appointments" : ""].filter(Boolean);
  const lines = ["## While the business is closed", `When it is outside the opening hours, or a closed day: ${plan.afterHours.label.toLowerCase()}.`, say, what];
  if (not.length > 0) lines.push(`While closed, ${not.join(" and ")}.`);
  return lines;
}

function answersSection(plan: CallerPlan): string[] {
  if (plan.answers.length === 0) return [];
  return ["## Answers", "Use these answers, in the business's words, when the caller asks:", ...plan.answers.flatMap((a) => [`Q: ${literal(a.question)}`, `A: ${literal(a.answer)}`])];
}

function transfersSection(plan: CallerPlan): string[] {
  if (plan.transferRules.length === 0) return [];
  const fallback = { message: "take a message", voicemail: "the call goes to voicemail" };
  return [
    "## Transfer rules (only while open)",
    "Check the rules in order and use the first one that applies. Do not read the numbers out to the caller.",
    ...plan.transferRules.flatMap((r, i) => [
      `${i + 1}. ${literal(r.label)}`,
      `   Applies when: ${literal(r.when)}`,
      `   Say before transferring: ${quote(r.announcement)}`,
      `   Then use the tool ${transferToolName(i, r.label)}. It rings, in order: ${r.numbers.map((n) => `${n.number} for ${n.ringSeconds} seconds`).join(", then ")}.`,
      `   If nobody answers: ${fallback[r.fallback]}.`,
    ]),
  ];
}

function bookingSection(plan: CallerPlan, bookingOn: boolean): string[] {
  if (!bookingOn) return [];
  return [
    "## Appointment booking (only while open)",
    `When the caller wants an appointment, check the free times with the tool ${AGENT_TOOL_NAMES.checkAvailability}, offer two or three of them, and book the one the caller chooses with the tool ${AGENT_TOOL_NAMES.bookAppointment}.`,
    `Times are in ${plan.timeZone}. Ask for the caller's name and phone number (and e-mail if the booking needs it), and confirm the day and time before booking.`,
  ];
}

function recordingSection(plan: CallerPlan): string[] {
  const { announcement, twoPartyConsent } = plan.recording;
  const lines = ["## Recording and consent"];
  lines.push(announcement ? `The call began with this announcement: ${quote(announcement)}` : "No recording announcement is played.");
  if (twoPartyConsent)
    lines.push(
      "Two-party consent: before anything else, ask the caller whether they agree to the call being recorded. If they say no, tell them the call will continue without recording, and carry on helping them.",
    );
  else lines.push("If the caller asks about recording, repeat the announcement.");
  return lines;
}

/**
 * The general prompt for the platform's LLM, built from the plan only.
 * Messages-only mode comes first and overrides the rest: the open, closed,
 * transfer and booking sections are left out (their tools are not pushed).
 */
export function buildPrompt(plan: CallerPlan, opts: { bookingOn: boolean }): string {
  const bookingOn = opts.bookingOn && !plan.messagesOnly;
  const sections = [
    roleSection(plan),
    messagesOnlySection(plan),
    recordingSection(plan),
    hoursSection(plan),
    plan.messagesOnly ? [] : openSection(plan, bookingOn),
    plan.messagesOnly ? [] : closedSection(plan, bookingOn),
    answersSection(plan),
    plan.messagesOnly ? [] : transfersSection(plan),
    bookingSection(plan, bookingOn),
  ];
  return sections
    .filter((s) => s.length > 0)
    .map((s) => s.join("\n"))
    .join("\n\n");
}

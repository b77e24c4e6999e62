import { ruleBodySchema, type RuleBody, type RuleChannel, type RuleCondition, type RuleView } from "../rule.schema";

/**
 * The rule editor's form values and their translation to the API's body
 * (ruleBodySchema): recipients typed one per line, quiet hours as two time
 * inputs (both empty: none), "All AI employees" as its own checkbox. The
 * same schema the server checks with runs here; every problem, the
 * server's too, is shown at the form field it names.
 */
export type RuleFormValues = {
  name: string;
  channel: RuleChannel;
  condition: RuleCondition;
  phrase: string;
  allAiEmployees: boolean;
  aiEmployeeIds: string[];
  memberUserIds: string[];
  extraRecipients: string;
  quietStart: string;
  quietEnd: string;
  enabled: boolean;
};

export type RuleFormField = keyof RuleFormValues;

/** A problem at a form field ("" when it names none). */
export type FormProblem = { field: RuleFormField | ""; message: string };

export function toFormValues(rule: RuleView | null): RuleFormValues {
  if (!rule) {
    return {
      name: "",
      channel: "email",
      condition: "every_call",
      phrase: "",
      allAiEmployees: true,
      aiEmployeeIds: [],
      memberUserIds: [],
      extraRecipients: "",
      quietStart: "",
      quietEnd: "",
      enabled: true,
    };
  }
  return {
    name: rule.name,
    channel: rule.channel,
    condition: rule.condition,
    phrase: rule.phrase ?? "",
    allAiEmployees: rule.aiEmployeeIds.length === 0,
    aiEmployeeIds: [...rule.aiEmployeeIds],
    memberUserIds: [...rule.memberUserIds],
    extraRecipients: rule.extraRecipients.join("\n"),
    quietStart: rule.quietHours?.start ?? "",
    quietEnd: rule.quietHours?.end ?? "",
    enabled: rule.enabled,
  };
}

/** The lines of the recipients box, trimmed, empty lines left out. */
export function recipientLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The body the form's values make (before the schema checks it). */
export function toBody(v: RuleFormValues): RuleBody {
  const quiet = v.quietStart || v.quietEnd ? { start: v.quietStart, end: v.quietEnd } : null;
  return {
    name: v.name,
    channel: v.channel,
    condition: v.condition,
    // The phrase matters only for its condition; kept otherwise would be a hidden field's leftover.
    phrase: v.condition === "phrase" ? v.phrase.trim() || null : null,
    aiEmployeeIds: v.allAiEmployees ? [] : v.aiEmployeeIds,
    // An SMS rule reaches mobile numbers only: members have no number on file (the API refuses members on one).
    memberUserIds: v.channel === "sms" ? [] : v.memberUserIds,
    extraRecipients: recipientLines(v.extraRecipients),
    quietHours: quiet,
    enabled: v.enabled,
  };
}

/** The form field an API path is shown at ("extraRecipients.1" → extraRecipients, "quietHours.end" → quietEnd). */
export function fieldOf(path: readonly PropertyKey[]): RuleFormField | "" {
  const [head, next] = path.map(String);
  switch (head) {
    case "name":
    case "channel":
    case "condition":
    case "phrase":
    case "memberUserIds":
    case "enabled":
      return head;
    case "extraRecipients":
      return "extraRecipients";
    case "aiEmployeeIds":
      return "aiEmployeeIds";
    case "quietHours":
      return next === "end" ? "quietEnd" : "quietStart";
    default:
      return "";
  }
}

const FIELD_LABELS: Record<RuleFormField, string> = {
  name: "Rule name",
  channel: "Channel",
  condition: "Condition",
  phrase: "Word or phrase",
  allAiEmployees: "AI employees",
  aiEmployeeIds: "AI employees",
  memberUserIds: "Members",
  extraRecipients: "Extra recipients",
  quietStart: "Quiet hours from",
  quietEnd: "Quiet hours until",
  enabled: "Enabled",
};

/** A problem as the form says it: "Rule name is required", "Extra recipients, line 2: not an e-mail address". */
function sentence(path: readonly PropertyKey[], message: string): FormProblem {
  const field = fieldOf(path);
  if (!field) return { field, message };
  let label = FIELD_LABELS[field];
  if (field === "extraRecipients" && typeof path[1] === "number") label = `${label}, line ${path[1] + 1}`;
  if (field === "quietStart" && path.length === 1) label = "Quiet hours";
  // "is required" reads on from the label; anything else follows a colon.
  return { field, message: /^(is|are|must|has|have|start) /.test(message) ? `${label} ${message}` : `${label}: ${message}` };
}

/** The form's problems, checked as the server checks the body: empty when it may be sent. */
export function formProblems(v: RuleFormValues): { body: RuleBody | null; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  if (Boolean(v.quietStart) !== Boolean(v.quietEnd)) problems.push(sentence(["quietHours", v.quietStart ? "end" : "start"], "is needed too: set both times, or leave both empty"));
  if (!v.allAiEmployees && v.aiEmployeeIds.length === 0) problems.push({ field: "aiEmployeeIds", message: "Choose at least one AI employee, or all of them" });
  const parsed = ruleBodySchema.safeParse(toBody(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // On an SMS rule the members are not offered: the numbers are what is missing.
      if (v.channel === "sms" && issue.path[0] === "memberUserIds") problems.push({ field: "extraRecipients", message: "Extra recipients: add at least one mobile number" });
      else problems.push(sentence(issue.path, issue.message));
    }
  }
  return { body: parsed.success && problems.length === 0 ? parsed.data : null, problems: firstPerField(problems) };
}

/** One problem per field (the first), and every problem that names none. */
function firstPerField(problems: FormProblem[]): FormProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !p.field || (!seen.has(p.field) && seen.add(p.field)));
}

/**
 * A 400's message ("extraRecipients.1: is not a valid mobile number;
 * name: is required") as problems at the form's fields; a part that names no
 * field stays a message of its own.
 */
export function serverProblems(message: string): FormProblem[] {
  return firstPerField(
    message
      .split("; ")
      .filter(Boolean)
      .map((part) => {
        const m = /^([A-Za-z]\w*(?:\.\w+)*): (.+)$/s.exec(part);
        if (!m) return { field: "", message: part };
        const path = m[1]!.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
        return sentence(path, m[2]!);
      }),
  );
}

/** The recipients box's hint for the channel. */
export function recipientsHint(channel: RuleChannel): string {
  return channel === "sms"
    ? "One per line: mobile numbers, e.g. +1 555 010 2000 (numbers without a country code are read as your country's)."
    : "One per line: e-mail addresses of people outside the account.";
}

import type { AgentSpec } from "./port";

/**
 * The bodies of the Retell requests that carry an AgentSpec: one Retell LLM
 * (the prompt, the first sentence and the tools) and one agent (voice,
 * language, time zone) that answers with it. Only documented fields are sent;
 * the loopback fake (test/retell-fake.ts) refuses any other.
 *
 * Sources (Retell API reference, OpenAPI "Retell SDK 3.0.0"):
 * - LLM: https://docs.retellai.com/api-references/create-retell-llm and
 *   https://docs.retellai.com/api-references/update-retell-llm (the same RetellLlmRequest body)
 * - agent: https://docs.retellai.com/api-references/create-agent and
 *   https://docs.retellai.com/api-references/update-agent (the same AgentRequest body)
 * - transfers: https://docs.retellai.com/build/single-multi-prompt/transfer-call
 */

/** A default voice from Retell's library (the voice ID the API reference's examples use). https://docs.retellai.com/api-references/create-agent */
export const RETELL_DEFAULT_VOICE_ID = "11labs-Adrian";

/**
 * A tool's name: "Must be consisted of a-z, A-Z, 0-9, or contain underscores
 * and dashes, with a maximum length of 64 (no space allowed)", unique among
 * the LLM's tools. https://docs.retellai.com/api-references/create-retell-llm (general_tools[].name)
 */
export const RETELL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * transfer_option.transfer_ring_duration_ms: "Override the ring duration for
 * this specific transfer", minimum 5000, maximum 90000 (ms).
 * https://docs.retellai.com/api-references/create-retell-llm (TransferOptionColdTransfer)
 * A number set to ring longer (the settings allow up to 120 s) rings 90 s.
 */
export const RETELL_RING_MS = { min: 5_000, max: 90_000 } as const;

export type RetellEndCallTool = { type: "end_call"; name: string; description: string };
export type RetellTransferCallTool = {
  type: "transfer_call";
  name: string;
  description: string;
  /** "The number to transfer to in E.164 format". */
  transfer_destination: { type: "predefined"; number: string };
  /** Cold transfer: "The call is transferred to a destination number and that's it." */
  transfer_option: { type: "cold_transfer"; transfer_ring_duration_ms: number };
  speak_during_execution: boolean;
  execution_message_description?: string;
  execution_message_type?: "static_text";
};
export type RetellCalTool = {
  type: "check_availability_cal" | "book_appointment_cal";
  name: string;
  description: string;
  cal_api_key: string;
  event_type_id: number;
  /** IANA time zone of the bookings. */
  timezone: string;
};
export type RetellTool = RetellEndCallTool | RetellTransferCallTool | RetellCalTool;

/** POST /create-retell-llm and PATCH /update-retell-llm/{llm_id}. */
export type RetellLlmBody = {
  general_prompt: string;
  /** "First utterance said by the agent in the call." */
  begin_message: string;
  /** "The speaker who starts the conversation. Required." The AI employee answers the phone: it speaks first. */
  start_speaker: "agent";
  general_tools: RetellTool[];
};

/** POST /create-agent and PATCH /update-agent/{agent_id}. */
export type RetellAgentBody = {
  response_engine: { type: "retell-llm"; llm_id: string };
  voice_id: string;
  agent_name: string;
  language: string;
  /** "IANA timezone for the agent". */
  timezone: string;
  /** "Optional description of the agent version. Used for your own reference": which settings version and spend mode it carries. */
  version_description: string;
};

const END_CALL = "end_call";

/** Letters, digits, _ and - only; at most `max` characters. */
function toolSafe(text: string, max: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, max)
    .toLowerCase();
}

/** Ends with a full stop. */
function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function ringMs(seconds: number): number {
  return Math.min(RETELL_RING_MS.max, Math.max(RETELL_RING_MS.min, Math.round(seconds * 1000)));
}

/**
 * The transfer rules as Retell models them: a transfer_call tool has one
 * destination, and a transfer that fails (nobody answers within its ring
 * time) hands the call back to the LLM. So each number of a rule is a tool of
 * its own, in the rule's order: the first is named as the prompt names the
 * rule's tool (spec.transfers[].name), the next ones `<name>_2`, `<name>_3`;
 * each tool's description names the next one to try, the last one what to do
 * instead (take a message, or voicemail).
 */
function transferTools(spec: AgentSpec): RetellTransferCallTool[] {
  const tools: RetellTransferCallTool[] = [];
  const used = new Set<string>([END_CALL]);
  spec.transfers.forEach((rule, r) => {
    // The rule's first number is the tool the prompt names (spec.transfers[].name); the next ones add _2, _3 …
    let base = toolSafe(rule.name, 64) || `transfer_rule_${r + 1}`;
    const nameOf = (b: string, i: number) => (i === 0 ? b : `${b.slice(0, 64 - `_${i + 1}`.length)}_${i + 1}`);
    if (rule.numbers.some((_, i) => used.has(nameOf(base, i)))) base = `${base.slice(0, 58)}_r${r + 1}`;
    const names = rule.numbers.map((_, i) => nameOf(base, i));
    names.forEach((n) => used.add(n));
    const fallback =
      rule.fallback === "voicemail"
        ? "tell the caller nobody could answer, and take a voicemail: their name, their number and their message, word for word."
        : "tell the caller nobody could answer, and take a message: their name, their number and the reason for the call.";
    const reason = sentence(rule.description);
    rule.numbers.forEach((n, i) => {
      const seconds = Math.round(ringMs(n.ringSeconds) / 1000);
      const order = rule.numbers.length > 1 ? ` Number ${i + 1} of ${rule.numbers.length}, rings ${seconds} seconds.` : ` Rings ${seconds} seconds.`;
      const when = i === 0 ? `Transfer the caller when: ${reason}` : `Only after ${names[i - 1]} failed (nobody answered): try the next number, for the same reason.`;
      const next = i < rule.numbers.length - 1 ? ` If this transfer fails, call ${names[i + 1]}.` : ` If this transfer fails${i > 0 ? " too" : ""}, ${fallback}`;
      tools.push({
        type: "transfer_call",
        name: names[i]!,
        description: `${when}${order}${next}`,
        transfer_destination: { type: "predefined", number: n.number },
        transfer_option: { type: "cold_transfer", transfer_ring_duration_ms: ringMs(n.ringSeconds) },
        // The rule's sentence is said once, before its first number.
        ...(i === 0 && rule.announcement
          ? { speak_during_execution: true, execution_message_description: rule.announcement, execution_message_type: "static_text" as const }
          : { speak_during_execution: false }),
      });
    });
  });
  return tools;
}

/** The LLM's tools: end the call, the transfers, the after-hours transfer and Cal.com booking; messages only keeps end_call alone. */
export function retellTools(spec: AgentSpec): RetellTool[] {
  const tools: RetellTool[] = [
    {
      type: "end_call",
      name: END_CALL,
      description: "End the call when the caller has nothing more to ask, after taking their message, or after telling the business hours when it is closed.",
    },
  ];
  if (spec.messagesOnly) return tools;
  tools.push(...transferTools(spec));
  if (spec.afterHoursTransfer) {
    tools.push({
      type: "transfer_call",
      name: "transfer_after_hours",
      description: "Outside business hours only: transfer the caller to the after-hours number.",
      transfer_destination: { type: "predefined", number: spec.afterHoursTransfer.number },
      transfer_option: { type: "cold_transfer", transfer_ring_duration_ms: ringMs(30) },
      ...(spec.afterHoursTransfer.announcement
        ? { speak_during_execution: true, execution_message_description: spec.afterHoursTransfer.announcement, execution_message_type: "static_text" as const }
        : { speak_during_execution: false }),
    });
  }
  if (spec.booking) {
    const cal = { cal_api_key: spec.booking.calApiKey, event_type_id: spec.booking.eventTypeId, timezone: spec.booking.timeZone };
    tools.push(
      { type: "check_availability_cal", name: "check_availability", description: "Find free appointment times when the caller wants to book an appointment.", ...cal },
      { type: "book_appointment_cal", name: "book_appointment", description: "Book the appointment time the caller chose, with their name and e-mail address.", ...cal },
    );
  }
  return tools;
}

export function retellLlmBody(spec: AgentSpec): RetellLlmBody {
  return { general_prompt: spec.prompt, begin_message: spec.beginMessage, start_speaker: "agent", general_tools: retellTools(spec) };
}

export function retellAgentBody(spec: AgentSpec, llmId: string, idempotencyKey: string): RetellAgentBody {
  return {
    response_engine: { type: "retell-llm", llm_id: llmId },
    voice_id: RETELL_DEFAULT_VOICE_ID,
    agent_name: spec.agentName,
    language: spec.language,
    timezone: spec.timeZone,
    version_description: `AI Employees settings ${idempotencyKey}`,
  };
}

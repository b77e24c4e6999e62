import type { AgentSpec } from "@/features/voice-platform/port";
import { buildPrompt, literal, transferToolName } from "./agent-prompt";
import type { CallerPlan } from "./caller-plan";

/**
 * What is pushed to the voice platform, built from the same CallerPlan as the
 * preview. `bookingKey` is the decrypted Cal.com key (null when none is
 * stored: booking stays off). Messages-only mode: the messages-only sentence
 * instead of the greeting, no transfers, no booking.
 *
 * The platform's agent is the same all day, so it cannot pick a begin message
 * by the hour: the begin message is the greeting (after the recording
 * announcement) and the prompt tells the agent to say the after-hours text
 * right after it when the business is closed.
 */
export function buildAgentSpec(plan: CallerPlan, opts: { aiEmployeeId: string; bookingKey: string | null }): AgentSpec {
  // plan.booking.on is already off in messages-only mode and without an event type.
  const booking = plan.booking.on && opts.bookingKey && plan.booking.eventTypeId !== null ? { calApiKey: opts.bookingKey, eventTypeId: plan.booking.eventTypeId, timeZone: plan.timeZone } : null;
  const first = plan.messagesOnly ? plan.messagesOnlyText : plan.greeting;
  return {
    aiEmployeeId: opts.aiEmployeeId,
    agentName: plan.agentName,
    language: plan.language.code,
    timeZone: plan.timeZone,
    beginMessage: literal([plan.recording.announcement, first].filter((s) => s.trim() !== "").join(" ")),
    prompt: buildPrompt(plan, { bookingOn: booking !== null }),
    transfers: plan.messagesOnly
      ? []
      : plan.transferRules.map((r, i) => ({
          name: transferToolName(i, r.label),
          description: literal(`Transfer rule "${r.label}", only while the business is open: transfer the caller when ${r.when}`),
          announcement: literal(r.announcement),
          numbers: r.numbers.map((n) => ({ number: n.number, ringSeconds: n.ringSeconds })),
          fallback: r.fallback,
        })),
    afterHoursTransfer:
      !plan.messagesOnly && plan.afterHours.action === "transfer" && plan.afterHours.transferNumber ? { number: plan.afterHours.transferNumber, announcement: literal(plan.afterHours.text) } : null,
    booking,
    recording: { announcement: plan.recording.announcement, twoPartyConsent: plan.recording.twoPartyConsent },
    messagesOnly: plan.messagesOnly,
  };
}

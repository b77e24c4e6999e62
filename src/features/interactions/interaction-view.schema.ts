import { z } from "@/lib/zod";
import { INTERACTION_CHANNELS, INTERACTION_DIRECTIONS, INTERACTION_OUTCOMES } from "@/db/schema/enums";
import { UNIT_RULES } from "@/features/plans/units";

/**
 * The answers of the call log's API (GET /api/interactions and
 * /api/interactions/{id}): the types of interaction-view.ts are inferred from
 * these schemas, and the OpenAPI document (/api/openapi.json) is generated
 * from them. test/openapi.int.test.ts checks a real answer against them.
 */

const instant = () => z.iso.datetime({ offset: true });

/**
 * One call, text conversation or chat as the customer's call log shows it.
 * Units are decimal (0.15, 2); a record reported as spam counts 0 and
 * `creditedUnits` holds what it had.
 */
export const interactionItemSchema = z
  .object({
    id: z.string(),
    startedAt: instant(),
    channel: z.enum(INTERACTION_CHANNELS),
    direction: z.enum(INTERACTION_DIRECTIONS),
    outcome: z.enum(INTERACTION_OUTCOMES),
    aiEmployeeId: z.string(),
    aiEmployeeName: z.string(),
    callerName: z.string().nullable().meta({ description: "The caller's name when the AI employee or the platform gave one." }),
    from: z.string().nullable(),
    to: z.string().nullable(),
    durationSeconds: z.number().nullable().meta({ description: "Phone calls only." }),
    agentMessages: z.number().nullable().meta({ description: "Texts and chats only: the AI employee's messages." }),
    units: z.number().meta({ description: "Units counted, as a decimal (0.15, 2); 0 once reported as spam." }),
    creditedUnits: z.number().nullable().meta({ description: "The units a spam report credited (null unless reported)." }),
    unitRule: z.enum(UNIT_RULES).meta({ description: "Which pricing rule gave the record its units." }),
    unitRuleText: z.string().meta({ description: "That rule in words." }),
    summary: z.string().nullable(),
    appointmentBooked: z.boolean(),
    tags: z.array(z.string()),
    spamReportedAt: instant().nullable().meta({ description: "When a spam report credited it (the customer's own, or one an admin approved)." }),
    spamReview: z.enum(["pending", "approved", "declined"]).nullable().meta({ description: "A spam report past the month's self-service credit: waiting for an admin, or their decision." }),
    canReportSpam: z.boolean(),
  })
  .meta({ id: "Interaction" });

export const transcriptTurnSchema = z
  .object({
    speaker: z.enum(["agent", "caller"]),
    text: z.string(),
    at: z.string().optional().meta({ description: "When it was said, as the platform gave it (usually ISO 8601)." }),
  })
  .meta({ id: "TranscriptTurn" });

/** One record in full: the transcript and a signed, same-origin recording link valid 15 minutes. */
export const interactionDetailSchema = interactionItemSchema
  .extend({
    sessionId: z.string().meta({ description: "The sender's own id for the record (the platform's session id)." }),
    transcript: z.array(transcriptTurnSchema),
    recordingUrl: z.string().nullable().meta({ description: "A signed path to the recording, valid 15 minutes; null when there is none." }),
    recordingAnnounced: z.boolean().nullable().meta({ description: "Whether the recording announcement was played at the call's start; null when the platform did not say." }),
  })
  .meta({ id: "InteractionDetail" });

export const interactionPageSchema = z
  .object({
    items: z.array(interactionItemSchema).meta({ description: "Newest first." }),
    nextCursor: z.string().nullable().meta({ description: "Pass it as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "InteractionPage" });

/** PUT/DELETE /api/interactions/{id}/handled: who marked the call handled, and when (null after the undo). */
export const handledAnswerSchema = z
  .object({
    id: z.string(),
    handled: z.object({ at: instant(), by: z.string().meta({ description: "Who marked it: the member's name (or e-mail address)." }) }).nullable(),
  })
  .meta({ id: "HandledMark" });

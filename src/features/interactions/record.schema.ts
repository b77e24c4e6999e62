import { z } from "@/lib/zod";
import { INTERACTION_CHANNELS, INTERACTION_DIRECTIONS, INTERACTION_OUTCOMES } from "@/db/schema/enums";

/** At most this many records in one `POST /api/v1/interactions`. */
export const MAX_BATCH = 1000;
/** A transcript's JSON may be at most this long. */
export const MAX_TRANSCRIPT_BYTES = 200 * 1024;
/** A caller's name may be at most this long (after trimming). */
export const MAX_CALLER_NAME = 100;
/** The longest call we believe: a day. */
const MAX_DURATION_SECONDS = 24 * 60 * 60;
/** How far ahead of our clock a start time may be (the platform's clock may run a little fast); checked in ingest.server.ts against the provider's clock. */
export const FUTURE_SLACK_MS = 5 * 60 * 1000;

const oneOf = (values: readonly string[]) => `must be one of: ${values.join(", ")}`;
const text = (max: number) => z.string({ error: "must be text" }).max(max, { error: `must be at most ${max} characters` });

const turn = z.object({
  speaker: z.enum(["agent", "caller"], { error: "must be agent or caller" }),
  text: text(20_000),
  at: text(40).optional(),
});

/**
 * One record of the ingestion API (issue 13). Each record is checked on its
 * own: a bad one is answered `rejected` with a message naming the field and
 * never blocks the others. Unknown fields are ignored.
 */
export const interactionRecordSchema = z
  .object({
    id: text(200).min(1, { error: "must not be empty" }),
    aiEmployeeId: text(200).min(1, { error: "must not be empty" }).optional(),
    aiPhoneNumber: text(40).min(1, { error: "must not be empty" }).optional(),
    channel: z.enum(INTERACTION_CHANNELS, { error: oneOf(INTERACTION_CHANNELS) }),
    direction: z.enum(INTERACTION_DIRECTIONS, { error: oneOf(INTERACTION_DIRECTIONS) }),
    startedAt: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date and time, e.g. 2026-11-26T14:03:00Z" }),
    durationSeconds: z
      .number({ error: "must be a number of seconds" })
      .min(0, { error: "must not be negative" })
      .max(MAX_DURATION_SECONDS, { error: `must be at most ${MAX_DURATION_SECONDS} (a day)` })
      .optional(),
    outcome: z.enum(INTERACTION_OUTCOMES, { error: oneOf(INTERACTION_OUTCOMES) }),
    agentMessages: z
      .number({ error: "must be a whole number" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must not be negative" })
      .max(100_000, { error: "must be at most 100000" })
      .optional(),
    // Trimmed; blank is the same as absent (the list then shows the number).
    callerName: z
      .string({ error: "must be text" })
      .trim()
      .max(MAX_CALLER_NAME, { error: `must be at most ${MAX_CALLER_NAME} characters` })
      .regex(/^\P{Cc}*$/u, { error: "must be one line, without control characters" })
      .optional(),
    from: text(40).optional(),
    to: text(40).optional(),
    summary: text(10_000).optional(),
    transcript: z.array(turn, { error: "must be a list of {speaker, text, at?}" }).optional(),
    // https; plain http only for the app's own address (its sample recordings, checked in ingest.server.ts).
    recordingUrl: z
      .url({ protocol: /^https?$/, error: "must be an https URL" })
      .max(2000, { error: "must be at most 2000 characters" })
      .optional(),
    appointmentBooked: z.boolean({ error: "must be true or false" }).optional(),
    // Where a transferred call went: a phone number or SIP URI (issue 26); blank is the same as absent.
    transferDestination: z.string({ error: "must be text" }).trim().max(200, { error: "must be at most 200 characters" }).optional(),
    // Whether the recording announcement was played at the start of the call (issue 24); absent: not known.
    recordingAnnounced: z.boolean({ error: "must be true or false" }).optional(),
    tags: z.array(text(50), { error: "must be a list of texts" }).max(20, { error: "must hold at most 20 tags" }).optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.aiEmployeeId && !r.aiPhoneNumber) ctx.addIssue({ code: "custom", path: ["aiEmployeeId"], message: "give aiEmployeeId or aiPhoneNumber" });
    if (r.channel === "phone" && r.durationSeconds === undefined) ctx.addIssue({ code: "custom", path: ["durationSeconds"], message: "is required for a phone call" });
    if (r.channel !== "phone" && r.agentMessages === undefined) ctx.addIssue({ code: "custom", path: ["agentMessages"], message: `is required for ${r.channel}` });
    if (r.transcript && Buffer.byteLength(JSON.stringify(r.transcript)) > MAX_TRANSCRIPT_BYTES) {
      ctx.addIssue({ code: "custom", path: ["transcript"], message: "must be at most 200 KB" });
    }
  })
  .meta({
    id: "InteractionRecord",
    description:
      "One call, text conversation or chat. Give aiEmployeeId or aiPhoneNumber; durationSeconds is required for a phone call, agentMessages for the other channels; the transcript's JSON may be at most 200 KB. Unknown fields are ignored.",
  });

export type InteractionRecord = z.infer<typeof interactionRecordSchema>;

/**
 * The body of `POST /api/v1/interactions`: 1 to 1,000 records. The envelope is
 * read by ingest-body.server.ts (400 when it is not this shape, 413 past
 * MAX_BATCH); each record is then checked on its own with
 * interactionRecordSchema, so a bad record is answered `rejected`, never a 400.
 */
export const ingestBodySchema = z.object({ interactions: z.array(interactionRecordSchema).min(1).max(MAX_BATCH) }).meta({ id: "InteractionBatch" });

/** The per-record answer, in request order. `units` are decimal (0.15, 2). */
export const ingestResultSchema = z
  .object({
    id: z.string().nullable().meta({ description: "The record's id as sent (null when the record had none)." }),
    status: z.enum(["created", "duplicate", "rejected"]),
    units: z.number().nullable().meta({ description: "Units counted, as a decimal (0.15, 2); null when rejected." }),
    message: z.string().nullable().meta({ description: "Why the record was rejected, naming the field; null otherwise." }),
  })
  .meta({ id: "IngestResult" });
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** The answer of `POST /api/v1/interactions`: one result per record, in request order. */
export const ingestAnswerSchema = z.object({ results: z.array(ingestResultSchema) }).meta({ id: "IngestAnswer" });

/** A record's problem as one line naming the field: "channel: must be one of: phone, sms, chat, social". */
export function recordProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

/** The ingestion API's body limit: 1,000 records with long transcripts. */
export const INGEST_BODY_LIMIT = 20 * 1024 * 1024;

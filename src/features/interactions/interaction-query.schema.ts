import { z } from "@/lib/zod";
import { INTERACTION_CHANNELS, INTERACTION_DIRECTIONS, INTERACTION_OUTCOMES } from "@/db/schema/enums";

/**
 * The query strings of the call log's reads (GET /api/interactions and its
 * CSV export), read by interaction-filters.server.ts and described by the
 * OpenAPI document (/api/openapi.json) from these same schemas. Values arrive
 * trimmed, an empty one as absent (`queryObject`). Each message completes
 * the parameter's name: "limit must be a whole number from 1 to 50".
 */

/** The call log's page size: 1–50, 25 unless asked. */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 50;

const oneOf = (values: readonly string[]) => `must be one of: ${values.join(", ")}`;
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: oneOf(values) }).optional();
const DAY_MESSAGE = "must be a date written YYYY-MM-DD, e.g. 2026-11-26";
const day = (description: string) => z.iso.date({ error: DAY_MESSAGE }).optional().meta({ description });
const text = (max: number, description: string) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .optional()
    .meta({ description });
/** A yes-only filter: `true` sets it, `false` or absent leaves it off. */
const flag = (description: string) =>
  z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((v) => v === "true")
    .meta({ description });

const filterShape = {
  channel: choice(INTERACTION_CHANNELS),
  direction: choice(INTERACTION_DIRECTIONS),
  outcome: choice(INTERACTION_OUTCOMES),
  aiEmployeeId: text(200, "Only this AI employee's records."),
  from: day("The first day (UTC) of started_at, inclusive."),
  to: day("The last day (UTC) of started_at, inclusive."),
  q: text(200, "Words of the summary or transcript (web search syntax), or at least three digits of a phone number however it is written."),
  needsFollowUp: flag("Only the open items of the needs-attention inbox."),
  appointmentBooked: flag("Only records on which an appointment was booked."),
};

const pageShape = {
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${MAX_LIMIT}` })
    .int({ error: `must be a whole number from 1 to ${MAX_LIMIT}` })
    .min(1, { error: `must be a whole number from 1 to ${MAX_LIMIT}` })
    .max(MAX_LIMIT, { error: `must be a whole number from 1 to ${MAX_LIMIT}` })
    .default(DEFAULT_LIMIT)
    .meta({ description: "Records per page." }),
  cursor: z.string().optional().meta({ description: "The nextCursor of the previous page." }),
};

function fromNotAfterTo(v: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: "custom", path: ["from"], message: "must not be after to" });
}

/** GET /api/interactions/export.csv: the call log's filters. */
export const interactionFilterQuerySchema = z.object(filterShape).superRefine(fromNotAfterTo);

/** GET /api/interactions: the filters, `limit` and `cursor`. */
export const interactionListQuerySchema = z.object({ ...filterShape, ...pageShape }).superRefine(fromNotAfterTo);

/** The Appointments view's pages: `limit` and `cursor` only. */
export const interactionPageQuerySchema = z.object(pageShape);

/** The query string as the schemas read it: each parameter's first value, trimmed; an empty one is absent. */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of params) {
    const v = value.trim();
    if (v !== "" && !(name in out)) out[name] = v;
  }
  return out;
}

/** The first problem as one sentence naming the parameter: "channel must be one of: phone, sms, chat, social". */
export function queryProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return issue.path.length ? `${issue.path.join(".")} ${issue.message}` : issue.message;
}

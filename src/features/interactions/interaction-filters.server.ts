import "server-only";
import { group } from "@/lib/sql-group";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { interactionNumberDigits, interactions } from "@/db/schema";
import { INTERACTION_CHANNELS, INTERACTION_DIRECTIONS, INTERACTION_OUTCOMES } from "@/db/schema/enums";
import { badRequest } from "@/lib/http/errors";
import type { z } from "@/lib/zod";
import { needsFollowUpSql } from "./attention.server";
import { interactionFilterQuerySchema, interactionListQuerySchema, interactionPageQuerySchema, queryObject, queryProblem } from "./interaction-query.schema";

/** What the call log and its CSV export are filtered by (every one optional). */
export type InteractionFilters = {
  channel: (typeof INTERACTION_CHANNELS)[number] | null;
  direction: (typeof INTERACTION_DIRECTIONS)[number] | null;
  outcome: (typeof INTERACTION_OUTCOMES)[number] | null;
  aiEmployeeId: string | null;
  /** Inclusive days (YYYY-MM-DD, UTC) of started_at. */
  from: string | null;
  to: string | null;
  q: string | null;
  /** "Needs follow-up": an open item of the needs-attention inbox (ADR 0115). */
  needsFollowUp: boolean;
  /** "Appointment booked". */
  appointmentBooked: boolean;
};

/** The query string checked with `schema` (interaction-query.schema.ts, also the OpenAPI document's); a bad value is a 400 naming the parameter. */
function readQueryString<S extends z.ZodType>(schema: S, params: URLSearchParams): z.output<S> {
  const parsed = schema.safeParse(queryObject(params));
  if (!parsed.success) throw badRequest(queryProblem(parsed.error));
  return parsed.data;
}

function toFilters(f: z.output<typeof interactionFilterQuerySchema>): InteractionFilters {
  return {
    channel: f.channel ?? null,
    direction: f.direction ?? null,
    outcome: f.outcome ?? null,
    aiEmployeeId: f.aiEmployeeId ?? null,
    from: f.from ?? null,
    to: f.to ?? null,
    q: f.q ?? null,
    needsFollowUp: f.needsFollowUp,
    appointmentBooked: f.appointmentBooked,
  };
}

/** The filters of GET /api/interactions/export.csv. */
export function readFilters(params: URLSearchParams): InteractionFilters {
  return toFilters(readQueryString(interactionFilterQuerySchema, params));
}

/** GET /api/interactions: the filters, `limit` (1–50, default 25) and the raw `cursor`. */
export function readListQuery(params: URLSearchParams): { filters: InteractionFilters; limit: number; cursor: string | null } {
  const { limit, cursor, ...filters } = readQueryString(interactionListQuerySchema, params);
  return { filters: toFilters(filters), limit, cursor: cursor ?? null };
}

/** A page of the Appointments view: `limit` and the raw `cursor`. */
export function readPageQuery(params: URLSearchParams): { limit: number; cursor: string | null } {
  const { limit, cursor } = readQueryString(interactionPageQuerySchema, params);
  return { limit, cursor: cursor ?? null };
}

/**
 * The WHERE of the caller's records under the filters. `q` matches the
 * full-text search column (summary and transcript, websearch syntax) or, when
 * it holds at least three digits, a caller number containing those digits
 * however the number is written.
 */
export function filterWhere(accountId: string, f: InteractionFilters): SQL {
  const where: SQL[] = [eq(interactions.accountId, accountId)];
  if (f.channel) where.push(eq(interactions.channel, f.channel));
  if (f.direction) where.push(eq(interactions.direction, f.direction));
  if (f.outcome) where.push(eq(interactions.outcome, f.outcome));
  if (f.aiEmployeeId) where.push(eq(interactions.aiReadyOrderId, f.aiEmployeeId));
  // Days are UTC, as every date in the portal is shown (src/lib/format.ts).
  if (f.from) where.push(sql`${interactions.startedAt} >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) where.push(sql`${interactions.startedAt} < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (f.needsFollowUp) where.push(needsFollowUpSql());
  if (f.appointmentBooked) where.push(eq(interactions.appointmentBooked, true));
  if (f.q) {
    const text = sql`${interactions.search} @@ websearch_to_tsquery('english', ${f.q})`;
    const digits = f.q.replace(/[^0-9]/g, "");
    where.push(digits.length >= 3 ? group(sql`${text} or ${interactionNumberDigits(interactions)} like ${`%${digits}%`}`) : text);
  }
  return and(...where)!;
}

import "server-only";
import { group } from "@/lib/sql-group";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { interactionNumberDigits, interactions } from "@/db/schema";
import { INTERACTION_CHANNELS, INTERACTION_DIRECTIONS, INTERACTION_OUTCOMES } from "@/db/schema/enums";
import { badRequest } from "@/lib/http/errors";
import { readChoice } from "@/lib/http/pagination";
import { needsFollowUpSql } from "./attention.server";

/** The call log's page size: 1–50, 25 unless asked. */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 50;

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

/** A yes-only filter: `true` sets it, absent or empty leaves it off; anything else is a 400 naming it. */
function readFlag(params: URLSearchParams, name: "needsFollowUp" | "appointmentBooked"): boolean {
  const v = params.get(name)?.trim() ?? "";
  if (v === "" || v === "false") return false;
  if (v === "true") return true;
  throw badRequest(`${name} must be true or false`);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD day that exists, or null when absent; anything else is a 400 naming the parameter. */
function readDay(params: URLSearchParams, name: "from" | "to"): string | null {
  const v = params.get(name)?.trim() ?? "";
  if (v === "") return null;
  const m = DAY.exec(v);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== v) throw badRequest(`${name} must be a date written YYYY-MM-DD, e.g. 2026-11-26`);
  return v;
}

/** Reads the filters from a query string; a bad value is a 400 whose message names the parameter. */
export function readFilters(params: URLSearchParams): InteractionFilters {
  const aiEmployeeId = params.get("aiEmployeeId")?.trim() || null;
  if (aiEmployeeId && aiEmployeeId.length > 200) throw badRequest("aiEmployeeId must be at most 200 characters");
  const q = params.get("q")?.trim() || null;
  if (q && q.length > 200) throw badRequest("q must be at most 200 characters");
  const from = readDay(params, "from");
  const to = readDay(params, "to");
  if (from && to && from > to) throw badRequest("from must not be after to");
  return {
    channel: readChoice(params, "channel", INTERACTION_CHANNELS),
    direction: readChoice(params, "direction", INTERACTION_DIRECTIONS),
    outcome: readChoice(params, "outcome", INTERACTION_OUTCOMES),
    aiEmployeeId,
    from,
    to,
    q,
    needsFollowUp: readFlag(params, "needsFollowUp"),
    appointmentBooked: readFlag(params, "appointmentBooked"),
  };
}

/** `limit` (1–50, default 25); anything else is a 400. */
export function readLimit(params: URLSearchParams): number {
  const raw = params.get("limit");
  if (raw === null || raw === "") return DEFAULT_LIMIT;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT) throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return Number(raw);
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

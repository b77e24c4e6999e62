import "server-only";
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiReadyOrders, interactions, subscriptions } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { cursorString, cursorTimestamp, decodeCursor, toPage } from "@/lib/http/pagination";
import { UNIT_RULE_TEXT, toUnits, type UnitRule } from "@/features/plans/units";
import { filterWhere, readFilters, readListQuery, readPageQuery, type InteractionFilters } from "./interaction-filters.server";
import { signedRecordingPath } from "./recording-url.server";
import { csvRow, phoneCell, type CsvValue } from "./csv";
import type { InteractionDetail, InteractionItem, InteractionPage } from "./interaction-view";

/** A phone call shorter than this cannot be reported as spam (spec 9: spam is disconnected within 30 s). */
const SPAM_REPORT_MIN_MS = 30_000;
/** Rows per query of the CSV export: memory stays the same for any number of rows. */
const EXPORT_PAGE = 1000;

const i = interactions;
/** The columns of a list row: no transcript, recording or search vector. */
const listColumns = {
  id: i.id,
  startedAt: i.startedAt,
  channel: i.channel,
  direction: i.direction,
  outcome: i.outcome,
  aiReadyOrderId: i.aiReadyOrderId,
  aiEmployeeName: aiReadyOrders.aiEmployeeName,
  callerName: i.callerName,
  fromNumber: i.fromNumber,
  toNumber: i.toNumber,
  durationMs: i.durationMs,
  agentMessages: i.agentMessages,
  unitsMilli: i.unitsMilli,
  unitRule: i.unitRule,
  summary: i.summary,
  appointmentBooked: i.appointmentBooked,
  tags: i.tags,
  spamReportedAt: i.spamReportedAt,
  spamReview: i.spamReview,
  // The keyset cursor keeps the time as PostgreSQL prints it (microseconds intact).
  at: sql<string>`${i.startedAt}::text`,
};

/** A phone call of 30 s or more, not recognised as spam, never reported (a report waiting for review or declined is not reported again). */
function canReportSpam(r: Pick<ListRow, "channel" | "outcome" | "spamReportedAt" | "spamReview" | "durationMs">): boolean {
  return r.channel === "phone" && r.outcome !== "spam" && r.spamReportedAt === null && r.spamReview === null && (r.durationMs ?? 0) >= SPAM_REPORT_MIN_MS;
}

function toItem(r: ListRow): InteractionItem {
  const reported = r.spamReportedAt !== null;
  const rule = r.unitRule as UnitRule;
  return {
    id: r.id,
    startedAt: r.startedAt.toISOString(),
    channel: r.channel,
    direction: r.direction,
    outcome: r.outcome,
    aiEmployeeId: r.aiReadyOrderId,
    aiEmployeeName: r.aiEmployeeName,
    callerName: r.callerName,
    from: r.fromNumber,
    to: r.toNumber,
    durationSeconds: r.durationMs === null ? null : r.durationMs / 1000,
    agentMessages: r.agentMessages,
    // A credited spam report (self-service or approved): the record counts 0 in every total.
    units: reported ? 0 : toUnits(r.unitsMilli),
    creditedUnits: reported ? toUnits(r.unitsMilli) : null,
    unitRule: rule,
    unitRuleText: UNIT_RULE_TEXT[rule] ?? rule,
    summary: r.summary,
    appointmentBooked: r.appointmentBooked,
    tags: r.tags,
    spamReportedAt: r.spamReportedAt?.toISOString() ?? null,
    spamReview: r.spamReview,
    canReportSpam: canReportSpam(r),
  };
}

/** One keyset page of the caller's records under the filters, newest first (started_at desc, id desc). */
async function selectPage(accountId: string, f: InteractionFilters, cursor: readonly [string, string] | null, limit: number, also?: SQL) {
  const db = await getDb();
  const where: SQL[] = [filterWhere(accountId, f)];
  if (also) where.push(also);
  if (cursor) where.push(sql`(${i.startedAt}, ${i.id}) < (${cursor[0]}::timestamptz, ${cursor[1]})`);
  return db
    .select(listColumns)
    .from(i)
    .innerJoin(aiReadyOrders, eq(aiReadyOrders.id, i.aiReadyOrderId))
    .where(and(...where))
    .orderBy(desc(i.startedAt), desc(i.id))
    .limit(limit);
}
type ListRow = Awaited<ReturnType<typeof selectPage>>[number];

/**
 * GET /api/interactions: the signed-in customer's calls, texts and chats,
 * newest first, `limit` (1–50, default 25) at a time with an opaque cursor;
 * filters channel, direction, outcome, aiEmployeeId, from/to (days) and q.
 */
export async function listInteractions(accountId: string, params: URLSearchParams): Promise<InteractionPage> {
  const { filters, limit, cursor } = readListQuery(params);
  const rows = await selectPage(accountId, filters, readCursor(cursor), limit + 1);
  return toPage(rows, limit, (r) => [r.at, r.id], toItem);
}

/**
 * The Appointments view (/calls/appointments): the caller's records on which
 * an appointment was booked, newest first, in the call log's keyset pages
 * (`cursor`, `limit`); another account's appointments are never read.
 */
export async function listAppointments(accountId: string, params: URLSearchParams): Promise<InteractionPage> {
  const { limit, cursor } = readPageQuery(params);
  const rows = await selectPage(accountId, readFilters(new URLSearchParams()), readCursor(cursor), limit + 1, eq(i.appointmentBooked, true));
  return toPage(rows, limit, (r) => [r.at, r.id], toItem);
}

function readCursor(raw: string | null): [string, string] | null {
  if (!raw) return null;
  const decoded = decodeCursor(raw, "the nextCursor of the previous page");
  return [cursorTimestamp(decoded, 0), cursorString(decoded, 1)];
}

/** GET /api/interactions/<id>: one of the caller's records with its transcript and a signed recording link; 404 when it is not theirs. */
export async function getInteraction(accountId: string, id: string): Promise<InteractionDetail> {
  const db = await getDb();
  const [row] = await db
    .select({ ...listColumns, sessionId: i.externalId, transcript: i.transcript, recordingUrl: i.recordingUrl, recordingAnnounced: i.recordingAnnounced })
    .from(i)
    .innerJoin(aiReadyOrders, eq(aiReadyOrders.id, i.aiReadyOrderId))
    .where(and(eq(i.id, id), eq(i.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Call or message not found");
  return {
    ...toItem(row),
    sessionId: row.sessionId,
    transcript: row.transcript ?? [],
    recordingUrl: row.recordingUrl ? signedRecordingPath(row.id) : null,
    recordingAnnounced: row.recordingAnnounced,
  };
}

/** The export's header row (also listed by the OpenAPI document). */
export const CSV_COLUMNS = [
  "id",
  "started_at",
  "channel",
  "direction",
  "outcome",
  "ai_employee",
  "caller_name",
  "from",
  "to",
  "duration_seconds",
  "agent_messages",
  "units",
  "unit_rule",
  "spam_reported",
  "appointment_booked",
  "tags",
  "summary",
] as const;

/**
 * GET /api/interactions/export.csv: every record under the filters (no
 * limit), as CSV, read in keyset pages of 1,000 only when the reader wants
 * more, so memory stays the same for any number of rows. The parameters are
 * checked before the stream starts (a bad one is a 400).
 */
export function exportCsv(accountId: string, params: URLSearchParams, country: string): ReadableStream<Uint8Array> {
  const filters = readFilters(params);
  const encoder = new TextEncoder();
  let cursor: [string, string] | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvRow(CSV_COLUMNS)));
          return;
        }
        const rows = await selectPage(accountId, filters, cursor, EXPORT_PAGE);
        if (rows.length) {
          controller.enqueue(encoder.encode(rows.map((r) => csvRow(csvLine(toItem(r), country))).join("")));
          const last = rows[rows.length - 1]!;
          cursor = [last.at, last.id];
        }
        if (rows.length < EXPORT_PAGE) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A record's cells: the numbers as the account's country writes them (ADR
 * 0118), appointment_booked as yes/no, the tags joined by "; ".
 */
function csvLine(r: InteractionItem, country: string): CsvValue[] {
  return [
    r.id,
    r.startedAt,
    r.channel,
    r.direction,
    r.outcome,
    r.aiEmployeeName,
    r.callerName,
    phoneCell(r.from, country),
    phoneCell(r.to, country),
    r.durationSeconds,
    r.agentMessages,
    r.units,
    r.unitRule,
    r.spamReportedAt,
    r.appointmentBooked ? "yes" : "no",
    r.tags.join("; "),
    r.summary,
  ];
}

/** The AI employees whose records the customer sees: claimed by them or on one of their subscriptions (the call log's filter). */
export async function listAiEmployees(accountId: string): Promise<{ id: string; name: string }[]> {
  const db = await getDb();
  const mine = db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.accountId, accountId));
  const linked = db.select({ id: subscriptions.aiReadyOrderId }).from(subscriptions).where(eq(subscriptions.accountId, accountId));
  return db
    .select({ id: aiReadyOrders.id, name: aiReadyOrders.aiEmployeeName })
    .from(aiReadyOrders)
    .where(or(eq(aiReadyOrders.accountId, accountId), inArray(aiReadyOrders.subscriptionId, mine), inArray(aiReadyOrders.id, linked)))
    .orderBy(asc(aiReadyOrders.aiEmployeeName), asc(aiReadyOrders.id));
}

/** The business account's newest calls and conversations (its Recent Activity): what the activity line says of each. */
export async function recentInteractions(accountId: string, limit: number) {
  const db = await getDb();
  return db
    .select({
      id: interactions.id,
      channel: interactions.channel,
      direction: interactions.direction,
      outcome: interactions.outcome,
      from: interactions.fromNumber,
      to: interactions.toNumber,
      summary: interactions.summary,
      startedAt: interactions.startedAt,
      appointmentBooked: interactions.appointmentBooked,
    })
    .from(interactions)
    .where(eq(interactions.accountId, accountId))
    .orderBy(desc(interactions.startedAt), desc(interactions.id))
    .limit(limit);
}

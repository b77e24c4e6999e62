import "server-only";
import { callNumber } from "./call-display";
import { phoneHref } from "@/lib/phone-format";
import { and, desc, eq, gte, inArray, lt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiReadyOrders, interactions, organization, user } from "@/db/schema";
import { group } from "@/lib/sql-group";
import { notFound } from "@/lib/http/errors";
import { APPOINTMENT_REQUESTED_TAG, URGENT_TAG, attentionReasons, type AttentionItem, type AttentionResponse, type HandledMark, type TodayTotals } from "./attention";

/**
 * The dashboard's "needs attention" inbox (issue 23, ADR 0115): the account's
 * records of the last ATTENTION_WINDOW_DAYS days that ask something of a
 * person, until a member marks them handled. The same predicate drives the
 * call log's "Needs follow-up" filter.
 */
export const ATTENTION_WINDOW_DAYS = 30;
/** The inbox shows at most this many open items (the call log's filter lists them all). */
const OPEN_LIMIT = 50;
/** Recently handled items shown under the open ones, so every member sees who handled what. */
const HANDLED_LIMIT = 20;
const HANDLED_SHOWN_DAYS = 7;

const i = interactions;
const MISSED = ["no_answer", "busy", "failed"] as const;

/** A record that asks for a person (handled or not). */
export function attentionReasonSql(): SQL {
  const inboundCall = and(eq(i.channel, "phone"), eq(i.direction, "inbound"));
  return group(
    sql`(${inboundCall} and ${i.outcome} in ('no_answer', 'busy', 'failed', 'voicemail'))
      or (${APPOINTMENT_REQUESTED_TAG} = any(${i.tags}) and not ${i.appointmentBooked})
      or ${URGENT_TAG} = any(${i.tags})
      or ${i.outcome} = 'transferred'
      or ${i.spamReview} = 'pending'`,
  );
}

/** Open: asks for a person, not handled, and recent (the call log's "Needs follow-up"). */
export function needsFollowUpSql(): SQL {
  return and(isNull(i.handledAt), gte(i.startedAt, sql`now() - ${`${ATTENTION_WINDOW_DAYS} days`}::interval`), attentionReasonSql())!;
}

const itemColumns = {
  id: i.id,
  startedAt: i.startedAt,
  channel: i.channel,
  direction: i.direction,
  outcome: i.outcome,
  fromNumber: i.fromNumber,
  toNumber: i.toNumber,
  summary: i.summary,
  tags: i.tags,
  appointmentBooked: i.appointmentBooked,
  spamReview: i.spamReview,
  aiEmployeeName: aiReadyOrders.aiEmployeeName,
  handledAt: i.handledAt,
  handledByName: user.name,
  handledByEmail: user.email,
};
type ItemRow = {
  id: string;
  startedAt: Date;
  channel: string;
  direction: "inbound" | "outbound";
  outcome: string;
  fromNumber: string | null;
  toNumber: string | null;
  summary: string | null;
  tags: string[];
  appointmentBooked: boolean;
  spamReview: string | null;
  aiEmployeeName: string | null;
  handledAt: Date | null;
  handledByName: string | null;
  handledByEmail: string | null;
};

function toItem(r: ItemRow, country: string): AttentionItem {
  const reasons = attentionReasons(r);
  // Whom to call back: the caller of an inbound record, the one called of an outbound one.
  const callBack = (r.direction === "inbound" ? r.fromNumber : r.toNumber) ?? null;
  return {
    id: r.id,
    reason: reasons[0] ?? "urgent",
    reasons,
    startedAt: r.startedAt.toISOString(),
    channel: r.channel,
    direction: r.direction,
    outcome: r.outcome,
    callBack,
    callBackDisplay: callBack ? callNumber(callBack, { country }) : null,
    callBackHref: phoneHref(callBack, country),
    summary: r.summary,
    aiEmployeeName: r.aiEmployeeName,
    handled: handledMark(r),
  };
}

function handledMark(r: { handledAt: Date | null; handledByName: string | null; handledByEmail: string | null }): HandledMark | null {
  if (!r.handledAt) return null;
  return { at: r.handledAt.toISOString(), by: r.handledByName || r.handledByEmail || "A former member" };
}

/** GET /api/attention: the open items newest first, the recently handled ones, and today's totals. */
export async function attentionInbox(accountId: string, country = "US"): Promise<AttentionResponse> {
  const db = await getDb();
  const base = () => db.select(itemColumns).from(i).leftJoin(aiReadyOrders, eq(aiReadyOrders.id, i.aiReadyOrderId)).leftJoin(user, eq(user.id, i.handledByUserId));
  const [open, handled, openCount, today, hasCalls] = await Promise.all([
    base()
      .where(and(eq(i.accountId, accountId), needsFollowUpSql()))
      .orderBy(desc(i.startedAt), desc(i.id))
      .limit(OPEN_LIMIT),
    base()
      .where(and(eq(i.accountId, accountId), isNotNull(i.handledAt), gte(i.handledAt, sql`now() - ${`${HANDLED_SHOWN_DAYS} days`}::interval`), attentionReasonSql()))
      .orderBy(desc(i.handledAt), desc(i.id))
      .limit(HANDLED_LIMIT),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(i)
      .where(and(eq(i.accountId, accountId), needsFollowUpSql())),
    todayTotals(accountId),
    db.select({ id: i.id }).from(i).where(eq(i.accountId, accountId)).limit(1),
  ]);
  return { items: open.map((r) => toItem(r, country)), openCount: openCount[0]?.n ?? 0, handled: handled.map((r) => toItem(r, country)), today, hasCalls: hasCalls.length > 0 };
}

/** A time zone PostgreSQL and the browser both know, else UTC. */
function safeZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

/** Today's calls, bookings, missed calls and units, "today" in the account's time zone (UTC when it has none). */
export async function todayTotals(accountId: string): Promise<TodayTotals> {
  const db = await getDb();
  const [org] = await db.select({ timeZone: organization.timeZone }).from(organization).where(eq(organization.id, accountId)).limit(1);
  const zone = safeZone(org?.timeZone);
  const dayStart = sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;
  const [row] = await db
    .select({
      date: sql<string>`to_char(now() at time zone ${zone}, 'YYYY-MM-DD')`,
      calls: sql<number>`(count(*) filter (where ${i.channel} = 'phone'))::int`,
      bookings: sql<number>`(count(*) filter (where ${i.appointmentBooked}))::int`,
      missedCalls: sql<number>`(count(*) filter (where ${i.channel} = 'phone' and ${i.direction} = 'inbound' and ${inArray(i.outcome, [...MISSED])}))::int`,
      // As the month's totals count them: only records in a subscription's usage month; a credited spam report counts 0.
      unitsMilli: sql<number>`coalesce(sum(${i.unitsMilli}) filter (where ${i.spamReportedAt} is null and ${i.usageMonthStart} is not null), 0)::int`,
    })
    .from(i)
    .where(and(eq(i.accountId, accountId), gte(i.startedAt, dayStart), lt(i.startedAt, sql`${dayStart} + interval '1 day'`)));
  return {
    date: row?.date ?? new Date().toISOString().slice(0, 10),
    timeZone: zone,
    calls: row?.calls ?? 0,
    bookings: row?.bookings ?? 0,
    missedCalls: row?.missedCalls ?? 0,
    units: (row?.unitsMilli ?? 0) / 1000,
  };
}

/**
 * PUT /api/interactions/<id>/handled: marks one of the account's records
 * handled by `userId`, now. Marking it again keeps the first mark (who
 * handled it first). Another account's id, or none, is a 404.
 */
export async function markHandled(accountId: string, id: string, userId: string): Promise<{ id: string; handled: HandledMark | null }> {
  const db = await getDb();
  const changed = await db
    .update(i)
    .set({ handledAt: new Date(), handledByUserId: userId })
    .where(and(eq(i.id, id), eq(i.accountId, accountId), isNull(i.handledAt)))
    .returning({ id: i.id });
  if (changed.length === 0) await mustExist(accountId, id);
  return { id, handled: await currentMark(accountId, id) };
}

/** DELETE /api/interactions/<id>/handled: the undo; the record is open again. */
export async function unmarkHandled(accountId: string, id: string): Promise<{ id: string; handled: null }> {
  const db = await getDb();
  const changed = await db
    .update(i)
    .set({ handledAt: null, handledByUserId: null })
    .where(and(eq(i.id, id), eq(i.accountId, accountId), isNotNull(i.handledAt)))
    .returning({ id: i.id });
  if (changed.length === 0) await mustExist(accountId, id);
  return { id, handled: null };
}

async function mustExist(accountId: string, id: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.id, id), eq(i.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Call not found");
}

async function currentMark(accountId: string, id: string): Promise<HandledMark | null> {
  const db = await getDb();
  const [row] = await db
    .select({ handledAt: i.handledAt, handledByName: user.name, handledByEmail: user.email })
    .from(i)
    .leftJoin(user, eq(user.id, i.handledByUserId))
    .where(and(eq(i.id, id), eq(i.accountId, accountId)))
    .limit(1);
  return row ? handledMark(row) : null;
}

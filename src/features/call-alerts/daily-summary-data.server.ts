import "server-only";
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { interactions } from "@/db/schema";
import type { INTERACTION_OUTCOMES } from "@/db/schema/enums";

/**
 * What the daily summary tells about one account's day (issue 25, ADR 0131),
 * read from the interactions table, every query scoped by the account: the
 * calls by outcome, the text conversations, the missed calls still to return
 * and the appointments booked.
 */

type Outcome = (typeof INTERACTION_OUTCOMES)[number];

/** The most calls each list of the summary shows; the rest is "and N more". */
export const LISTED_CALLS = 10;

/** Outcomes as the summary writes them, in the order it lists them. */
/** The order the summary lists outcomes in (their words: src/lib/call-labels.ts). */
export const OUTCOME_ORDER: readonly Outcome[] = ["answered", "transferred", "voicemail", "no_answer", "busy", "failed", "spam"];

export type DayCall = {
  id: string;
  startedAt: Date;
  direction: "inbound" | "outbound";
  outcome: Outcome;
  fromNumber: string | null;
  toNumber: string | null;
  callerName: string | null;
  summary: string | null;
};

export type DayActivity = {
  calls: number;
  /** Calls per outcome (only outcomes that happened). */
  outcomes: Partial<Record<Outcome, number>>;
  conversations: number;
  missed: { total: number; items: DayCall[] };
  bookings: { total: number; items: DayCall[] };
};

const i = interactions;

/**
 * A call to return: an inbound call that went to voicemail or was not
 * answered (no answer, busy, failed), not yet marked handled (the dashboard's
 * inbox, ADR 0115) and not reported as spam.
 */
function missedToReturn(): SQL {
  return and(eq(i.channel, "phone"), eq(i.direction, "inbound"), inArray(i.outcome, ["voicemail", "no_answer", "busy", "failed"]), isNull(i.handledAt), isNull(i.spamReportedAt))!;
}

const callColumns = {
  id: i.id,
  startedAt: i.startedAt,
  direction: i.direction,
  outcome: i.outcome,
  fromNumber: i.fromNumber,
  toNumber: i.toNumber,
  callerName: i.callerName,
  summary: i.summary,
};

/** The account's activity in [start, end). */
export async function dayActivity(accountId: string, start: Date, end: Date): Promise<DayActivity> {
  const db = await getDb();
  const inDay = and(eq(i.accountId, accountId), gte(i.startedAt, start), lt(i.startedAt, end));
  const newest = [desc(i.startedAt), desc(i.id)];
  const [counts, missed, bookings] = await Promise.all([
    db
      .select({
        outcome: i.outcome,
        calls: sql<number>`(count(*) filter (where ${i.channel} = 'phone'))::int`,
        conversations: sql<number>`(count(*) filter (where ${i.channel} <> 'phone'))::int`,
        booked: sql<number>`(count(*) filter (where ${i.appointmentBooked}))::int`,
        missed: sql<number>`(count(*) filter (where ${missedToReturn()}))::int`,
      })
      .from(i)
      .where(inDay)
      .groupBy(i.outcome),
    db
      .select(callColumns)
      .from(i)
      .where(and(inDay, missedToReturn()))
      .orderBy(...newest)
      .limit(LISTED_CALLS),
    db
      .select(callColumns)
      .from(i)
      .where(and(inDay, eq(i.appointmentBooked, true)))
      .orderBy(...newest)
      .limit(LISTED_CALLS),
  ]);
  const outcomes: DayActivity["outcomes"] = {};
  let calls = 0;
  let conversations = 0;
  let missedTotal = 0;
  let booked = 0;
  for (const c of counts) {
    if (c.calls) outcomes[c.outcome] = Number(c.calls);
    calls += Number(c.calls);
    conversations += Number(c.conversations);
    missedTotal += Number(c.missed);
    booked += Number(c.booked);
  }
  return { calls, outcomes, conversations, missed: { total: missedTotal, items: missed }, bookings: { total: booked, items: bookings } };
}

/** A day without activity: no call, no conversation, no booking. */
export function isQuiet(a: DayActivity): boolean {
  return a.calls === 0 && a.conversations === 0 && a.bookings.total === 0;
}

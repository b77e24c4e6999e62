import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { noteRowsWritten } from "@/lib/db-statistics";
import { getDb, type DbOrTx } from "@/lib/db";
import { databaseInputProblem } from "@/lib/http/database-errors";
import { getProvider } from "@/features/billing/provider";
import { config } from "@/lib/config";
import { aiReadyOrders, interactions, orderPhoneKey, phoneKey, subscriptions } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs";
import { FUTURE_SLACK_MS, interactionRecordSchema, recordProblem, type IngestResult, type InteractionRecord } from "./record.schema";
import { toUnits, unitsFor } from "@/features/plans/units";
import { usageAnchor, usageMonth } from "@/features/usage/usage-month";
import { MAX_ALERT_MONTHS, usageAlertsJob } from "./usage-alerts.server";
import { markMetersDirty, meterCategory } from "./meter-report.server";
import { loadClosedMonths, type ClosedMonths } from "./closed-months.server";
import type { IngestSource } from "./ingest-source";
import { unstorableText } from "./record-text";
import { assignFreeTestCalls, isTestCall, withTestTag } from "./test-calls.server";
import { testerNumbersByAccount } from "@/features/ai-settings/testers.server";
import { emitWebhookEvents } from "@/features/webhooks/emit.server";
import { callEventColumns, storedCallEvents, type StoredCall } from "./call-events.server";
import { enqueueCallAlerts } from "@/features/call-alerts/enqueue.server";
import { isAfterHours, openingHoursOf } from "@/features/ai-settings/opening-hours.server";
import { COUNTING_STATUSES } from "@/features/billing/subscription-state";

type Owner = {
  orderId: string;
  orderCreatedAt: Date;
  phoneKey: string | null;
  accountId: string | null;
  sub: { id: string; trialEnd: Date | null; createdAt: Date; status: string } | null;
};

type Valid = { index: number; record: InteractionRecord };
type Row = typeof interactions.$inferInsert & { id: string; externalId: string };

/** The oldest start time we believe: before it, a clock was not set (the database would store year 1, or refuse it). */
const EARLIEST_START = Date.UTC(1970, 0, 1);

/**
 * Stores a batch of records (issues 13 and 21): each is checked on its own,
 * units are computed by spec 9, and all valid new records go in with one
 * INSERT … ON CONFLICT (source, id) DO NOTHING, so the same id sent again by
 * the same source, even at the same time from two requests, is stored once
 * and answered `duplicate` with its stored units; the same id from another
 * source is another record. A customer key writes only its customer's AI
 * employees; any other id is answered as unknown.
 *
 * A record dated before its AI employee or subscription existed is stored and
 * shown but counts toward no billed month; one for a closed month (its
 * overage billed, or the provider's meter window over) is stored late and
 * changes no billed total (closed-months.server.ts). In the same transaction:
 * a job that checks the usage alerts of each subscription touched, and one
 * that reports the batch to the provider's meters; and the webhook events
 * of the records stored now (call.completed, appointment.booked; ADR 0128).
 */
export async function ingestInteractions(items: unknown[], source: IngestSource): Promise<IngestResult[]> {
  const results: IngestResult[] = items.map(() => ({ id: null, status: "rejected", units: null, message: null }));
  const valid: Valid[] = [];
  const ownOrigin = new URL(config().baseUrl).origin;
  // The product's clock is the payment provider's (the sandbox's can be moved forward): months, closing and "the future" all follow it.
  const now = await (await getProvider()).now();
  items.forEach((item, index) => {
    const id = item && typeof item === "object" && typeof (item as { id?: unknown }).id === "string" ? (item as { id: string }).id : null;
    results[index]!.id = id && id.length <= 200 && unstorableText(id) === null ? id : null;
    const bad = unstorableText(item);
    if (bad) return void (results[index]!.message = bad);
    const parsed = interactionRecordSchema.safeParse(item);
    if (!parsed.success) return void (results[index]!.message = recordProblem(parsed.error));
    if (Date.parse(parsed.data.startedAt) < EARLIEST_START) return void (results[index]!.message = "startedAt: must be on or after 1970-01-01");
    if (Date.parse(parsed.data.startedAt) > now.getTime() + FUTURE_SLACK_MS) return void (results[index]!.message = "startedAt: must not be in the future");
    const recording = parsed.data.recordingUrl ? new URL(parsed.data.recordingUrl) : null;
    if (recording?.protocol === "http:" && recording.origin !== ownOrigin) return void (results[index]!.message = "recordingUrl: must be an https URL");
    valid.push({ index, record: parsed.data });
  });

  const db = await getDb();
  const owners = await findOwners(valid.map((v) => v.record));
  const closed = await loadClosedMonths(db, [...new Set([...owners.byId.values()].flatMap((o) => (o.sub ? [o.sub.id] : [])))], now);
  // Calls from an account's own tester numbers are tagged `test`; the month's first ten are free (issue 24, ADR 0124).
  const testers = await testerNumbersByAccount(db, [...new Set([...owners.byId.values()].flatMap((o) => (o.accountId ? [o.accountId] : [])))]);
  // After hours is decided now, from the hours in force when the record arrives (ADR 0136).
  const hours = await openingHoursOf(db, [...owners.byId.keys()]);
  const rows: Row[] = [];
  const firstIndexOf = new Map<string, number>();
  const trialEnds = new Map<string, Date | null>();
  for (const { index, record } of valid) {
    const found = record.aiEmployeeId ? owners.byId.get(record.aiEmployeeId) : owners.byPhone.get(phoneKey(record.aiPhoneNumber!) ?? "");
    // Outside a customer key's scope is answered exactly like an unknown AI employee.
    const owner = found && (source.customerAccountId === null || found.accountId === source.customerAccountId) ? found : undefined;
    if (!owner) {
      results[index]!.message = record.aiEmployeeId ? "aiEmployeeId: no AI employee has this id" : "aiPhoneNumber: no AI employee has this number";
      continue;
    }
    const durationMs = record.durationSeconds === undefined ? null : Math.round(record.durationSeconds * 1000);
    const units = unitsFor({ channel: record.channel, outcome: record.outcome, durationMs, agentMessages: record.agentMessages ?? null });
    const startedAt = new Date(record.startedAt);
    const test = owner.accountId !== null && isTestCall(record, testers.get(owner.accountId));
    const standing = billingStanding(owner, startedAt, closed);
    results[index] = { id: record.id, status: "created", units: toUnits(units.milli), message: standing.message };
    if (firstIndexOf.has(record.id)) continue; // a repeat inside the batch: answered below, like the first
    firstIndexOf.set(record.id, index);
    if (standing.month) trialEnds.set(owner.sub!.id, owner.sub!.trialEnd);
    rows.push({
      id: randomUUID(),
      sourceKey: source.sourceKey,
      externalId: record.id,
      aiReadyOrderId: owner.orderId,
      accountId: owner.accountId,
      subscriptionId: standing.month ? owner.sub!.id : null,
      usageMonthStart: standing.month?.start ?? null,
      billingNote: standing.note,
      channel: record.channel,
      direction: record.direction,
      outcome: record.outcome,
      startedAt,
      durationMs,
      agentMessages: record.channel === "phone" ? null : (record.agentMessages ?? null),
      fromNumber: record.from ?? null,
      toNumber: record.to ?? null,
      summary: record.summary ?? null,
      callerName: record.callerName || null,
      transcript: record.transcript ?? null,
      recordingUrl: record.recordingUrl ?? null,
      appointmentBooked: record.appointmentBooked ?? false,
      transferDestination: record.transferDestination || null,
      afterHours: isAfterHours(hours.get(owner.orderId), startedAt),
      recordingAnnounced: record.recordingAnnounced ?? null,
      tags: test ? withTestTag(record.tags ?? []) : (record.tags ?? []),
      unitsMilli: units.milli,
      unitRule: units.rule,
      source: source.source,
      apiKeyId: source.apiKeyId,
    });
  }
  if (rows.length === 0) return results;

  const { created, refused, free } = await db.transaction(async (tx) => {
    // In id order, so two batches holding the same ids lock them in the same order (no deadlock).
    rows.sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
    // Before the insert: the accounts' test-call locks come first, in account order (test-calls.server.ts).
    const free = await assignFreeTestCalls(tx, rows);
    const { inserted, refused } = await insertRows(tx, rows);
    // Outbound webhooks (issue 25): call.completed (and appointment.booked) for each record stored now, committed with it.
    const events = storedCallEvents([...inserted.values()]);
    if (events.length) await emitWebhookEvents(tx, events);
    // Issue 25: the per-call notifications of accounts with rules (call-alerts).
    await enqueueCallAlerts(
      tx,
      rows.filter((r) => inserted.has(r.externalId)).map((r) => ({ id: r.id, accountId: r.accountId ?? null, summary: r.summary ?? null })),
    );
    const fresh = rows.filter((r) => inserted.has(r.externalId) && r.subscriptionId && r.usageMonthStart);
    const batch = randomUUID();
    const monthsBySub = new Map<string, Set<string>>();
    for (const r of fresh) monthsBySub.set(r.subscriptionId!, (monthsBySub.get(r.subscriptionId!) ?? new Set()).add(r.usageMonthStart!.toISOString()));
    for (const [subscriptionId, months] of monthsBySub) {
      // A backfill can span more months than one job takes: one job per MAX_ALERT_MONTHS.
      const all = [...months].sort();
      for (let i = 0; i < all.length; i += MAX_ALERT_MONTHS) {
        await enqueueJob(tx, usageAlertsJob, { subscriptionId, months: all.slice(i, i + MAX_ALERT_MONTHS) }, { idempotencyKey: `usage-alerts:${subscriptionId}:${batch}:${i}` });
      }
    }
    // Trial months are never reported to the meters (a trial is not billed; ADR 0145).
    const billable = fresh.filter((r) => !trialEnds.get(r.subscriptionId!) || r.startedAt! >= trialEnds.get(r.subscriptionId!)!);
    await markMetersDirty(
      tx,
      billable.map((r) => ({ subscriptionId: r.subscriptionId!, usageMonthStart: r.usageMonthStart!, category: meterCategory(r.channel!, r.direction!) })),
    );
    return { created: inserted, refused, free };
  });
  // PGlite has no autovacuum: a bulk load refreshes the planner's statistics in the background (ADR 0152).
  void noteRowsWritten(created.size);
  // A free test call answers 0 units (the repeats below copy the first's answer).
  for (const id of free) results[firstIndexOf.get(id)!]!.units = 0;

  // Ids this source had already stored (by an earlier request, or a concurrent one that committed first): their stored units.
  const duplicates = rows.filter((r) => !created.has(r.externalId) && !refused.has(r.externalId)).map((r) => r.externalId);
  const stored = new Map<string, number>();
  if (duplicates.length) {
    for (const r of await db
      .select({ externalId: interactions.externalId, unitsMilli: interactions.unitsMilli })
      .from(interactions)
      .where(and(eq(interactions.sourceKey, source.sourceKey), inArray(interactions.externalId, duplicates)))) {
      stored.set(r.externalId, r.unitsMilli);
    }
  }
  for (const { index, record } of valid) {
    const result = results[index]!;
    if (result.status !== "created") continue;
    const first = firstIndexOf.get(record.id)!;
    if (refused.has(record.id)) results[index] = { id: record.id, status: "rejected", units: null, message: refused.get(record.id)! };
    else if (stored.has(record.id)) results[index] = { id: record.id, status: "duplicate", units: toUnits(stored.get(record.id)!), message: "already received" };
    else if (first !== index) results[index] = { id: record.id, status: "duplicate", units: results[first]!.units, message: "already received" };
  }
  return results;
}

type Standing = { month: { start: Date; end: Date } | null; note: "before_service" | "late" | null; message: string | null };

/**
 * Which billed month a record counts toward (issue 21): its subscription's
 * usage month, unless it is dated before its AI employee or subscription
 * existed, or that month is closed.
 */
function billingStanding(owner: Owner, startedAt: Date, closed: ClosedMonths): Standing {
  if (startedAt < owner.orderCreatedAt || (owner.sub && startedAt < owner.sub.createdAt)) {
    return { month: null, note: "before_service", message: "stored: dated before its AI employee or subscription began, so it counts toward no billed month" };
  }
  if (!owner.sub) return { month: null, note: null, message: null };
  const month = usageMonth(usageAnchor(owner.sub), startedAt);
  if (closed.isClosed(owner.sub.id, month)) {
    return {
      month: null,
      note: "late",
      message: `stored late: its usage month (${month.start.toISOString().slice(0, 10)} to ${month.end.toISOString().slice(0, 10)}) is closed, so it changes no billed total`,
    };
  }
  return { month, note: null, message: null };
}

/**
 * Inserts the rows, skipping ids the source already stored. Should the
 * database refuse a value all the same (a check we missed), the batch is
 * inserted again row by row, each in its own savepoint, and only the rows it
 * refuses are rejected: one bad record never fails the others.
 */
async function insertRows(tx: DbOrTx, rows: Row[]): Promise<{ inserted: Map<string, StoredCall>; refused: Map<string, string> }> {
  // Each stored row comes back as the call events read it (call-events.server.ts).
  const insert = (db: DbOrTx, batch: Row[]) =>
    db
      .insert(interactions)
      .values(batch)
      .onConflictDoNothing({ target: [interactions.sourceKey, interactions.externalId] })
      .returning({ externalId: interactions.externalId, ...callEventColumns });
  const refused = new Map<string, string>();
  try {
    const done = await tx.transaction((sp) => insert(sp, rows));
    return { inserted: new Map(done.map((r) => [r.externalId, r])), refused };
  } catch (err) {
    if (!databaseInputProblem(err)) throw err;
  }
  const inserted = new Map<string, StoredCall>();
  for (const row of rows) {
    try {
      for (const r of await tx.transaction((sp) => insert(sp, [row]))) inserted.set(r.externalId, r);
    } catch (err) {
      const problem = databaseInputProblem(err);
      if (!problem) throw err;
      refused.set(row.externalId, `record: ${problem.replace(/^A /, "a ").replace(/ in the request/, "")}`);
    }
  }
  return { inserted, refused };
}

/** The AI employees the records name, by id and by phone number, with the customer and the subscription their units count against. */
async function findOwners(records: InteractionRecord[]): Promise<{ byId: Map<string, Owner>; byPhone: Map<string, Owner> }> {
  const ids = [...new Set(records.flatMap((r) => (r.aiEmployeeId ? [r.aiEmployeeId] : [])))];
  const phones = [...new Set(records.flatMap((r) => (r.aiEmployeeId || !r.aiPhoneNumber ? [] : [phoneKey(r.aiPhoneNumber)].filter((k): k is string => k !== null))))];
  const byId = new Map<string, Owner>();
  const byPhone = new Map<string, Owner>();
  if (ids.length === 0 && phones.length === 0) return { byId, byPhone };
  const db = await getDb();
  const o = aiReadyOrders;
  const s = subscriptions;
  const rows = await db
    .select({
      orderId: o.id,
      phoneKey: sql<string>`${orderPhoneKey(o)}`,
      claimedBy: o.accountId,
      orderCreated: o.createdAt,
      subId: s.id,
      subAccount: s.accountId,
      subStatus: s.status,
      trialEnd: s.trialEnd,
      subCreated: s.createdAt,
    })
    .from(o)
    .leftJoin(s, and(or(eq(s.id, o.subscriptionId), eq(s.aiReadyOrderId, o.id)), inArray(s.status, [...COUNTING_STATUSES])))
    .where(or(ids.length ? inArray(o.id, ids) : undefined, phones.length ? inArray(orderPhoneKey(o), phones) : undefined))
    // The newest AI employee (and its newest subscription) wins a shared number.
    .orderBy(sql`${o.createdAt} desc, ${s.createdAt} desc nulls last`);
  for (const r of rows) {
    if (byId.has(r.orderId)) continue;
    const owner: Owner = {
      orderId: r.orderId,
      orderCreatedAt: r.orderCreated,
      phoneKey: r.phoneKey,
      accountId: r.claimedBy ?? r.subAccount ?? null,
      sub: r.subId && r.subStatus && r.subCreated ? { id: r.subId, trialEnd: r.trialEnd, createdAt: r.subCreated, status: r.subStatus } : null,
    };
    byId.set(r.orderId, owner);
    if (owner.phoneKey && !byPhone.has(owner.phoneKey)) byPhone.set(owner.phoneKey, owner);
  }
  return { byId, byPhone };
}

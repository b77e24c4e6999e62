import "server-only";
import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { config } from "@/lib/config";
import { aiReadyOrders, interactions, orderPhoneKey, phoneKey, subscriptions } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs";
import { findNul } from "@/lib/http/guard";
import { interactionRecordSchema, recordProblem, type IngestResult, type InteractionRecord } from "./record.schema";
import { toUnits, unitsFor } from "./units";
import { usageAnchor, usageMonth } from "@/features/usage/usage-month";
import { MAX_ALERT_MONTHS, usageAlertsJob } from "./usage-alerts.server";
import { markMetersDirty, meterCategory } from "./meter-report.server";

/** Subscription statuses whose AI employee's units count (ADR 0101). */
const COUNTING = ["active", "trialing", "past_due"] as const;

type Owner = {
  orderId: string;
  phoneKey: string | null;
  userId: string | null;
  sub: { id: string; trialEnd: Date | null; createdAt: Date; status: string } | null;
};

type Valid = { index: number; record: InteractionRecord };

/**
 * Stores a batch of records (issue 13): each is checked on its own, units are
 * computed by spec 9, and all valid new records go in with one INSERT … ON
 * CONFLICT (id) DO NOTHING, so the same id sent again, even at the same time
 * from two requests, is stored once and answered `duplicate` with its stored
 * units. In the same transaction: a job that checks the usage alerts of each
 * subscription touched, and one that reports the batch to the provider's meters.
 */
export async function ingestInteractions(items: unknown[], source: "api" | "retell", apiKeyId: string | null): Promise<IngestResult[]> {
  const results: IngestResult[] = items.map(() => ({ id: null, status: "rejected", units: null, message: null }));
  const valid: Valid[] = [];
  const ownOrigin = new URL(config().baseUrl).origin;
  items.forEach((item, index) => {
    const id = item && typeof item === "object" && typeof (item as { id?: unknown }).id === "string" ? (item as { id: string }).id : null;
    results[index]!.id = id && id.length <= 200 && !id.includes("\u0000") ? id : null;
    const nul = findNul(item);
    if (nul) return void (results[index]!.message = `${nul}: text must not contain NUL characters`);
    const parsed = interactionRecordSchema.safeParse(item);
    if (!parsed.success) return void (results[index]!.message = recordProblem(parsed.error));
    const recording = parsed.data.recordingUrl ? new URL(parsed.data.recordingUrl) : null;
    if (recording?.protocol === "http:" && recording.origin !== ownOrigin) return void (results[index]!.message = "recordingUrl: must be an https URL");
    valid.push({ index, record: parsed.data });
  });

  const owners = await findOwners(valid.map((v) => v.record));
  const rows: (typeof interactions.$inferInsert)[] = [];
  const firstIndexOf = new Map<string, number>();
  const trialEnds = new Map<string, Date | null>();
  for (const { index, record } of valid) {
    const owner = record.aiEmployeeId ? owners.byId.get(record.aiEmployeeId) : owners.byPhone.get(phoneKey(record.aiPhoneNumber!) ?? "");
    if (!owner) {
      results[index]!.message = record.aiEmployeeId ? "aiEmployeeId: no AI employee has this id" : "aiPhoneNumber: no AI employee has this number";
      continue;
    }
    const durationMs = record.durationSeconds === undefined ? null : Math.round(record.durationSeconds * 1000);
    const units = unitsFor({ channel: record.channel, outcome: record.outcome, durationMs, agentMessages: record.agentMessages ?? null });
    results[index] = { id: record.id, status: "created", units: toUnits(units.milli), message: null };
    if (firstIndexOf.has(record.id)) continue; // a repeat inside the batch: answered below, like the first
    firstIndexOf.set(record.id, index);
    const startedAt = new Date(record.startedAt);
    if (owner.sub) trialEnds.set(owner.sub.id, owner.sub.trialEnd);
    rows.push({
      id: record.id,
      sourceKey: source === "retell" ? "platform:retell" : "platform:default",
      externalId: record.id,
      aiReadyOrderId: owner.orderId,
      userId: owner.userId,
      subscriptionId: owner.sub?.id ?? null,
      usageMonthStart: owner.sub ? usageMonth(usageAnchor(owner.sub), startedAt).start : null,
      channel: record.channel,
      direction: record.direction,
      outcome: record.outcome,
      startedAt,
      durationMs,
      agentMessages: record.channel === "phone" ? null : (record.agentMessages ?? null),
      fromNumber: record.from ?? null,
      toNumber: record.to ?? null,
      summary: record.summary ?? null,
      transcript: record.transcript ?? null,
      recordingUrl: record.recordingUrl ?? null,
      appointmentBooked: record.appointmentBooked ?? false,
      tags: record.tags ?? [],
      unitsMilli: units.milli,
      unitRule: units.rule,
      source,
      apiKeyId,
    });
  }
  if (rows.length === 0) return results;

  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    // In id order, so two batches holding the same ids lock them in the same order (no deadlock).
    rows.sort((a, b) => (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0));
    const inserted = new Set((await tx.insert(interactions).values(rows).onConflictDoNothing({ target: interactions.id }).returning({ id: interactions.id })).map((r) => r.id));
    const fresh = rows.filter((r) => inserted.has(r.id!) && r.subscriptionId && r.usageMonthStart);
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
    // Trial months are never reported to the meters (a trial is not billed; ADR 0101).
    const billable = fresh.filter((r) => !trialEnds.get(r.subscriptionId!) || r.startedAt! >= trialEnds.get(r.subscriptionId!)!);
    await markMetersDirty(
      tx,
      billable.map((r) => ({ subscriptionId: r.subscriptionId!, usageMonthStart: r.usageMonthStart!, category: meterCategory(r.channel!, r.direction!) })),
    );
    return inserted;
  });

  // Ids already stored (by an earlier request, or a concurrent one that committed first): their stored units.
  const duplicates = rows.filter((r) => !created.has(r.id!)).map((r) => r.id!);
  const stored = new Map<string, number>();
  if (duplicates.length) {
    for (const r of await db.select({ id: interactions.id, unitsMilli: interactions.unitsMilli }).from(interactions).where(inArray(interactions.id, duplicates))) {
      stored.set(r.id, r.unitsMilli);
    }
  }
  for (const { index, record } of valid) {
    const result = results[index]!;
    if (result.status !== "created") continue;
    const first = firstIndexOf.get(record.id)!;
    if (stored.has(record.id)) results[index] = { id: record.id, status: "duplicate", units: toUnits(stored.get(record.id)!), message: "already received" };
    else if (first !== index) results[index] = { id: record.id, status: "duplicate", units: results[first]!.units, message: "already received" };
  }
  return results;
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
      claimedBy: o.claimedByUserId,
      orderCreated: o.createdAt,
      subId: s.id,
      subUser: s.userId,
      subStatus: s.status,
      trialEnd: s.trialEnd,
      subCreated: s.createdAt,
    })
    .from(o)
    .leftJoin(s, sql`(${s.id} = ${o.subscriptionId} or ${s.aiReadyOrderId} = ${o.id}) and ${s.status} in ${sql.raw(`('${COUNTING.join("','")}')`)}`)
    .where(
      ids.length && phones.length
        ? sql`${o.id} in ${ids} or ${orderPhoneKey(o)} in ${phones}`
        : ids.length
          ? inArray(o.id, ids)
          : sql`${orderPhoneKey(o)} in ${phones}`,
    )
    // The newest AI employee (and its newest subscription) wins a shared number.
    .orderBy(sql`${o.createdAt} desc, ${s.createdAt} desc nulls last`);
  for (const r of rows) {
    if (byId.has(r.orderId)) continue;
    const owner: Owner = {
      orderId: r.orderId,
      phoneKey: r.phoneKey,
      userId: r.claimedBy ?? r.subUser ?? null,
      sub: r.subId && r.subStatus && r.subCreated ? { id: r.subId, trialEnd: r.trialEnd, createdAt: r.subCreated, status: r.subStatus } : null,
    };
    byId.set(r.orderId, owner);
    if (owner.phoneKey && !byPhone.has(owner.phoneKey)) byPhone.set(owner.phoneKey, owner);
  }
  return { byId, byPhone };
}

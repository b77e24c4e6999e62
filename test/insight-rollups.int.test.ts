import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { drainJobs } from "@/lib/jobs/testing.server";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { interactionRollups, interactions, organization } from "@/db/schema";
import { approveSpamReport, declineSpamReport, reportSpam } from "@/features/interactions/spam-reports.server";
import { anonymiseOldInteractions } from "@/features/interactions/retention.server";
import { ensureSettings } from "@/features/ai-settings/defaults.server";
import { queueRollupRepair } from "@/features/insights/rollups.server";
import { rng } from "../scripts/simulated-traffic.mjs";
import { createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "./interactions-fixtures";

/**
 * Issue 26, ADR 0137: the insight rollups equal a full recount of the
 * interactions (computed here in TypeScript, independently of the SQL that
 * keeps them) after seeded random ingestion, re-ingestion, spam reports and
 * their review, retention, a record moving account and deletions; the repair
 * job makes a corrupted account exact again and changes nothing run twice.
 */

type Customer = { user: TestUser; orderId: string; zone: string };
let key: string;
const customers: Customer[] = [];

const ZONES = ["UTC", "America/New_York", "Asia/Kolkata"] as const;

beforeAll(async () => {
  // Ingestion queues the usage alerts' checks.
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  const admin = await createUser({ role: "admin" });
  key = await newApiKey(admin);
  const db = await getDb();
  for (const zone of ZONES) {
    const c = await customerWithAiEmployee();
    await db.update(organization).set({ timeZone: zone }).where(eq(organization.id, c.user.id));
    // Opening hours (Mon–Fri 09:00–17:00 in the zone): after hours is decided at ingestion.
    await ensureSettings(c.orderId);
    customers.push({ user: c.user, orderId: c.orderId, zone });
  }
});

const localParts = (zone: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" });

/** The rollups recounted from the interactions, in TypeScript. */
async function recount(accountIds: string[]) {
  const db = await getDb();
  const rows = await db
    .select({ i: interactions, zone: organization.timeZone })
    .from(interactions)
    .innerJoin(organization, eq(organization.id, interactions.accountId))
    .where(inArray(interactions.accountId, accountIds));
  const cells = new Map<string, Record<string, number | string>>();
  for (const { i, zone } of rows) {
    const p = Object.fromEntries(
      localParts(zone)
        .formatToParts(i.startedAt)
        .map((x) => [x.type, x.value]),
    );
    const outcome = i.outcome === "spam" || i.spamReportedAt ? "spam" : ["no_answer", "busy", "failed"].includes(i.outcome) ? "missed" : i.outcome;
    const dest = outcome === "transferred" ? (i.transferDestination ?? "") : "";
    const k = [i.accountId, `${p.year}-${p.month}-${p.day}`, Number(p.hour === "24" ? 0 : p.hour), i.aiReadyOrderId, i.channel, outcome, dest].join("|");
    const cell = cells.get(k) ?? { key: k, interactions: 0, appointments: 0, answeredAfterHours: 0, timedCalls: 0, durationMsSum: 0, unitsMilli: 0 };
    const timed = i.channel === "phone" && (i.durationMs ?? 0) > 0;
    (cell.interactions as number)++;
    if (i.appointmentBooked) (cell.appointments as number)++;
    if (i.afterHours && (outcome === "answered" || outcome === "transferred")) (cell.answeredAfterHours as number)++;
    if (timed) {
      (cell.timedCalls as number)++;
      (cell.durationMsSum as number) += i.durationMs!;
    }
    if (!i.spamReportedAt) (cell.unitsMilli as number) += i.unitsMilli;
    cells.set(k, cell);
  }
  return [...cells.values()].sort((a, b) => String(a.key).localeCompare(String(b.key)));
}

async function rollups(accountIds: string[]) {
  const db = await getDb();
  const rows = await db.select().from(interactionRollups).where(inArray(interactionRollups.accountId, accountIds));
  return rows
    .map((r) => ({
      key: [r.accountId, r.day, r.hour, r.aiReadyOrderId, r.channel, r.outcome, r.transferDestination].join("|"),
      interactions: r.interactions,
      appointments: r.appointments,
      answeredAfterHours: r.answeredAfterHours,
      timedCalls: r.timedCalls,
      durationMsSum: r.durationMsSum,
      unitsMilli: r.unitsMilli,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const ids = () => customers.map((c) => c.user.id);

/** Matches the rollup row of `accountId` with the key (day, hour, outcome, channel, transfer destination) of `row`. */
function sameRow(accountId: string, row: typeof interactionRollups.$inferSelect) {
  return and(
    eq(interactionRollups.accountId, accountId),
    eq(interactionRollups.day, row.day),
    eq(interactionRollups.hour, row.hour),
    eq(interactionRollups.outcome, row.outcome),
    eq(interactionRollups.channel, row.channel),
    eq(interactionRollups.transferDestination, row.transferDestination),
  );
}

describe("insight rollups", () => {
  it("equal a full recount after seeded random ingestion, re-ingestion, spam credits and their review, retention, moves and deletions", async () => {
    const rnd = rng(26);
    const sent: Record<string, unknown>[] = [];
    const OUTCOMES = ["answered", "answered", "answered", "voicemail", "no_answer", "busy", "failed", "spam", "transferred"] as const;
    const DESTINATIONS = ["+14155550101", "+14155550102", "sip:desk@example.com", undefined] as const;
    for (let batch = 0; batch < 6; batch++) {
      const records: Record<string, unknown>[] = [];
      for (let n = 0; n < 40; n++) {
        const c = rnd.pick(customers);
        const channel = rnd.pick(["phone", "phone", "phone", "sms", "chat"] as const);
        const outcome = rnd.pick(OUTCOMES);
        const dest = outcome === "transferred" ? rnd.pick(DESTINATIONS) : rnd.next() < 0.1 ? "+14155550199" : undefined;
        records.push(
          phoneRecord(c.orderId, {
            channel,
            outcome: channel === "phone" ? outcome : rnd.pick(["answered", "spam"] as const),
            startedAt: new Date(Date.now() - 60_000 - rnd.int(0, 60 * 86_400_000 - 1)).toISOString(),
            durationSeconds: channel === "phone" ? rnd.pick([0, 5, 42.5, 95, 600]) : undefined,
            agentMessages: channel === "phone" ? undefined : rnd.int(1, 12),
            appointmentBooked: rnd.next() < 0.2,
            ...(dest ? { transferDestination: dest } : {}),
          }),
        );
      }
      // Records sent again (by an earlier batch, or twice in this one) are stored, and counted, once.
      const again = sent.length ? Array.from({ length: 8 }, () => rnd.pick(sent)) : [];
      const res = await postInteractions(key, { interactions: [...records, ...again, records[0]] });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as IngestAnswer;
      expect(body.results.filter((r) => r.status === "created")).toHaveLength(records.length);
      sent.push(...records);
      expect(await rollups(ids())).toEqual(await recount(ids()));
    }

    const db = await getDb();
    const stored = await db.select({ id: interactions.id, accountId: interactions.accountId }).from(interactions).where(inArray(interactions.accountId, ids()));
    // Spam reports: credited at once, or waiting for the admin past the self-service cap; then reviewed.
    for (let n = 0; n < 25; n++) {
      const r = rnd.pick(stored);
      const c = customers.find((x) => x.user.id === r.accountId)!;
      await reportSpam(c.user.id, r.id, { id: c.user.id, email: c.user.email }).catch(() => undefined);
    }
    expect(await rollups(ids())).toEqual(await recount(ids()));
    const pending = await db
      .select({ id: interactions.id })
      .from(interactions)
      .where(and(inArray(interactions.accountId, ids()), eq(interactions.spamReview, "pending")));
    for (const [n, p] of pending.entries()) await (n % 2 ? approveSpamReport(p.id) : declineSpamReport(p.id));
    const credited = await db.$count(interactions, and(inArray(interactions.accountId, ids()), isNotNull(interactions.spamReportedAt)));
    expect(credited).toBeGreaterThan(0);
    expect(await rollups(ids())).toEqual(await recount(ids()));

    // Retention anonymises records older than 35 days: nothing counted changes.
    const before = await rollups(ids());
    const anonymised = await anonymiseOldInteractions(new Date(Date.now() + 330 * 86_400_000));
    expect(anonymised).toBeGreaterThan(0);
    expect(await rollups(ids())).toEqual(before);
    expect(await rollups(ids())).toEqual(await recount(ids()));

    // A record moved to another account, an outcome and a booking changed, two records deleted.
    const [a, b, c2, d] = stored;
    expect((await db.update(interactions).set({ accountId: customers[2]!.user.id }).where(eq(interactions.id, a!.id)).returning()).length).toBe(1);
    expect((await db.update(interactions).set({ outcome: "voicemail", appointmentBooked: true }).where(eq(interactions.id, b!.id)).returning()).length).toBe(1);
    expect(
      (
        await db
          .delete(interactions)
          .where(inArray(interactions.id, [c2!.id, d!.id]))
          .returning()
      ).length,
    ).toBe(2);
    expect(await rollups(ids())).toEqual(await recount(ids()));
    // An update of nothing counted leaves the rollups as they were.
    const still = await rollups(ids());
    expect((await db.update(interactions).set({ handledAt: new Date() }).where(inArray(interactions.accountId, ids())).returning({ id: interactions.id })).length).toBeGreaterThan(100);
    expect(await rollups(ids())).toEqual(still);
    // No record of an account without one (unclaimed) is counted anywhere.
    expect(await db.$count(interactionRollups, isNull(interactionRollups.accountId))).toBe(0);
  });

  it("the repair job makes a corrupted account exact, and run again changes nothing; a time zone change is rebuilt in the new zone", async () => {
    const db = await getDb();
    const target = customers[1]!.user.id;
    const exact = await rollups(ids());
    expect(exact.length).toBeGreaterThan(10);
    // Corrupt: a count off, a row gone, a row that should not exist.
    const [first, second] = await db.select().from(interactionRollups).where(eq(interactionRollups.accountId, target)).limit(2);
    expect(
      (
        await db
          .update(interactionRollups)
          .set({ interactions: sql`interactions + 5`, unitsMilli: 1 })
          .where(sameRow(target, first!))
          .returning()
      ).length,
    ).toBe(1);
    await db.delete(interactionRollups).where(sameRow(target, second!));
    await db.insert(interactionRollups).values({ ...first!, day: "2001-01-01", interactions: 3 });
    expect(await rollups(ids())).not.toEqual(exact);

    await queueRollupRepair(target);
    await drainJobs();
    expect(await rollups(ids())).toEqual(exact);
    expect(await rollups(ids())).toEqual(await recount(ids()));
    await queueRollupRepair(target);
    await drainJobs();
    expect(await rollups(ids())).toEqual(exact);

    // The account moves to another zone: the rebuild counts its local hours there.
    await db.update(organization).set({ timeZone: "Pacific/Auckland" }).where(eq(organization.id, target));
    expect(await rollups(ids())).not.toEqual(await recount(ids()));
    await queueRollupRepair(target);
    await drainJobs();
    expect(await rollups(ids())).toEqual(await recount(ids()));
  });

  it("the daily run rebuilds every account and drops the rows of an account that no longer exists", async () => {
    const db = await getDb();
    const ghost = `ghost-${randomUUID()}`;
    await db.insert(interactionRollups).values({
      accountId: ghost,
      day: "2026-01-01",
      hour: 3,
      aiReadyOrderId: customers[0]!.orderId,
      channel: "phone",
      outcome: "answered",
      transferDestination: "",
      interactions: 2,
      appointments: 0,
      answeredAfterHours: 0,
      timedCalls: 0,
      durationMsSum: 0,
      unitsMilli: 0,
    });
    const { rollupRepairJob } = await import("@/features/insights/jobs");
    await rollupRepairJob.handler({}, { id: "daily", attempt: 1 } as never);
    expect(await db.$count(interactionRollups, eq(interactionRollups.accountId, ghost))).toBe(0);
    expect(await rollups(ids())).toEqual(await recount(ids()));
  });
});

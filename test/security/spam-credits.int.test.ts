import { addMonths } from "date-fns";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { interactions, meterReports, notifications } from "@/db/schema";
import { unitsFor } from "@/features/plans/units";
import { usageMonth } from "@/features/usage/usage-month";
import type { InteractionDetail, InteractionPage } from "@/features/interactions/interaction-view";
import type { PendingSpamReport, SpamReviewResult } from "@/features/interactions/spam-reports.server";
import * as list from "@app/api/interactions/route";
import * as detail from "@app/api/interactions/[id]/route";
import * as reportSpamRoute from "@app/api/interactions/[id]/report-spam/route";
import * as pendingRoute from "@app/api/admin/spam-reports/route";
import * as approveRoute from "@app/api/admin/spam-reports/[id]/approve/route";
import * as declineRoute from "@app/api/admin/spam-reports/[id]/decline/route";
import { call, createUser, type TestUser } from "../http-helpers";
import { customerWithAiEmployee, insertInteraction } from "../interactions-fixtures";

/**
 * Issue 21, spam credits (ADR 0105): the audit reported 15 reports taking 20
 * units off at once. Self-service credits stop at 10% of the plan's included
 * units per usage month (Small: 120 units, so 12); reports past that wait for
 * an admin, who approves (credited) or declines (still counted).
 */

// Its subscription began 45 days ago: its first two usage months are still open (closed months are frozen: issue 21).
const ANCHOR = new Date(Math.floor((Date.now() - 45 * 86_400_000) / 60_000) * 60_000);
/** A time in usage month `k` (0 or 1) of ANCHOR: `days` days and `minutes` minutes after the month starts. */
const inMonth = (k: number, days: number, minutes = 0) => new Date(addMonths(ANCHOR, k).getTime() + days * 86_400_000 + minutes * 60_000);
type Owner = { user: TestUser; orderId: string; subscriptionId: string };
let alice: Owner;
let bob: Owner;
let admin: TestUser;

/** A phone call of 3 to 6 minutes (2 units by spec 9) for `owner`, on `startedAt`. */
async function call2Units(owner: Owner, startedAt: Date): Promise<string> {
  const units = unitsFor({ channel: "phone", outcome: "answered", durationMs: 200_000 });
  expect(units.milli).toBe(2000);
  return insertInteraction(
    { orderId: owner.orderId, accountId: owner.user.id },
    {
      id: `call-${randomUUID()}`,
      subscriptionId: owner.subscriptionId,
      usageMonthStart: usageMonth(ANCHOR, startedAt).start,
      startedAt,
      durationMs: 200_000,
      unitsMilli: units.milli,
      unitRule: units.rule,
      fromNumber: "+15550009999",
      summary: "Tried to sell an extended warranty",
    },
  );
}

function report(id: string, who: TestUser): Promise<Response> {
  return call(reportSpamRoute.POST, { method: "POST", path: `/api/interactions/${id}/report-spam`, cookie: who.cookie, params: { id } });
}
async function reported(id: string, who: TestUser = alice.user): Promise<InteractionDetail> {
  const res = await report(id, who);
  expect(res.status).toBe(200);
  return (await res.json()) as InteractionDetail;
}
function decide(decision: "approve" | "decline", id: string, who?: TestUser): Promise<Response> {
  const route = decision === "approve" ? approveRoute : declineRoute;
  return call(route.POST, { method: "POST", path: `/api/admin/spam-reports/${id}/${decision}`, cookie: who?.cookie, params: { id } });
}
async function detailOf(id: string, who: TestUser = alice.user): Promise<InteractionDetail> {
  const res = await call(detail.GET, { path: `/api/interactions/${id}`, cookie: who.cookie, params: { id } });
  expect(res.status).toBe(200);
  return (await res.json()) as InteractionDetail;
}

/** The states of these records in the database: credited (spamReportedAt set) and each review state. */
async function states(ids: string[]): Promise<{ credited: number; pending: number; approved: number; declined: number }> {
  const db = await getDb();
  const rows = await db.select({ at: interactions.spamReportedAt, review: interactions.spamReview }).from(interactions).where(inArray(interactions.id, ids));
  return {
    credited: rows.filter((r) => r.at !== null).length,
    pending: rows.filter((r) => r.review === "pending").length,
    approved: rows.filter((r) => r.review === "approved").length,
    declined: rows.filter((r) => r.review === "declined").length,
  };
}

beforeAll(async () => {
  const a = await customerWithAiEmployee({ planId: "small", createdAt: ANCHOR });
  const b = await customerWithAiEmployee({ planId: "small", createdAt: ANCHOR });
  alice = { user: a.user, orderId: a.orderId, subscriptionId: a.subscriptionId! };
  bob = { user: b.user, orderId: b.orderId, subscriptionId: b.subscriptionId! };
  admin = await createUser({ role: "admin" });
});

describe("self-service spam credits stop at 10% of the month's included units", () => {
  let june: string[];
  let seventh: string;

  it("six 2-unit reports (12 units: 10% of Small's 120) are credited at once; the seventh waits for review and credits nothing", async () => {
    june = [];
    for (let n = 0; n < 7; n++) june.push(await call2Units(alice, inMonth(0, 9, n)));
    for (const id of june.slice(0, 6)) {
      const r = await reported(id);
      expect(r).toMatchObject({ units: 0, creditedUnits: 2, spamReview: null, canReportSpam: false });
      expect(r.spamReportedAt).toBeTruthy();
    }
    seventh = june[6]!;
    const waiting = await reported(seventh);
    expect(waiting).toMatchObject({ spamReportedAt: null, spamReview: "pending", units: 2, creditedUnits: null, canReportSpam: false });
    expect(await states(june)).toEqual({ credited: 6, pending: 1, approved: 0, declined: 0 });
    const db = await getDb();
    const [row] = await db.select({ requested: interactions.spamReviewRequestedAt }).from(interactions).where(eq(interactions.id, seventh));
    expect(row!.requested).toBeInstanceOf(Date);
    // The admins hear of it once, as a review to make.
    const notes = await db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `spam-review:${seventh}`));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe("Spam report waiting for review");
  });

  it("the customer sees 'pending review' on the call, in the list and the detail, and reporting again changes nothing", async () => {
    const res = await call(list.GET, { path: "/api/interactions?limit=50", cookie: alice.user.cookie });
    const item = ((await res.json()) as InteractionPage).items.find((r) => r.id === seventh)!;
    expect(item).toMatchObject({ spamReview: "pending", canReportSpam: false, units: 2 });
    expect(await detailOf(seventh)).toMatchObject({ spamReview: "pending", canReportSpam: false, spamReportedAt: null });
    const before = await states(june);
    expect((await reported(seventh)).spamReview).toBe("pending");
    expect(await states(june)).toEqual(before);
  });

  it("the cap is per usage month: a call of the next month is credited at once", async () => {
    const july = await call2Units(alice, inMonth(1, 2));
    expect(await reported(july)).toMatchObject({ creditedUnits: 2, spamReview: null });
    expect(await states([july])).toEqual({ credited: 1, pending: 0, approved: 0, declined: 0 });
  });

  it("two reports at the same time for the last 2 units of a month: one is credited, the other waits", async () => {
    const month = [];
    for (let n = 0; n < 7; n++) month.push(await call2Units(bob, inMonth(0, 4, n)));
    for (const id of month.slice(0, 5)) expect((await reported(id, bob.user)).creditedUnits).toBe(2);
    const both = await Promise.all(month.slice(5).map((id) => reported(id, bob.user)));
    expect(both.map((r) => r.spamReview ?? "credited").sort()).toEqual(["credited", "pending"]);
    expect(await states(month)).toEqual({ credited: 6, pending: 1, approved: 0, declined: 0 });
  });

  it("another customer's call answers 404 and is left as it was", async () => {
    const mine = await call2Units(alice, inMonth(1, 0, 30));
    const res = await report(mine, bob.user);
    expect(res.status).toBe(404);
    expect(await states([mine])).toEqual({ credited: 0, pending: 0, approved: 0, declined: 0 });
  });
});

describe("an admin approves or declines a pending report", () => {
  let toApprove: string;
  let toDecline: string;
  let customer: Owner;

  beforeAll(async () => {
    const c = await customerWithAiEmployee({ planId: "small", createdAt: ANCHOR });
    customer = { user: c.user, orderId: c.orderId, subscriptionId: c.subscriptionId! };
    const ids = [];
    for (let n = 0; n < 8; n++) ids.push(await call2Units(customer, inMonth(0, 11, n)));
    for (const id of ids) await reported(id, customer.user);
    [toApprove, toDecline] = ids.slice(6);
    expect(await states(ids)).toEqual({ credited: 6, pending: 2, approved: 0, declined: 0 });
  });

  it("lists the pending reports with the customer, the AI employee, the call time and the units", async () => {
    const res = await call(pendingRoute.GET, { path: "/api/admin/spam-reports", cookie: admin.cookie });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as PendingSpamReport[];
    const mine = rows.filter((r) => r.customerEmail === customer.user.email);
    expect(mine.map((r) => r.id).sort()).toEqual([toApprove, toDecline].sort());
    expect(mine[0]).toMatchObject({ aiEmployeeName: "Nova", units: 2, durationSeconds: 200, from: "+15550009999", customerName: "Test User" });
    expect(mine.find((r) => r.id === toApprove)!.startedAt).toBe(inMonth(0, 11, 6).toISOString());
  });

  it("approve credits the units (one row changes), marks the month's meter, and a repeat answers the same", async () => {
    const db = await getDb();
    const month = usageMonth(ANCHOR, inMonth(0, 11, 6)).start;
    await db
      .insert(meterReports)
      .values({ subscriptionId: customer.subscriptionId, usageMonthStart: month, category: "phone_inbound", dirty: false })
      .onConflictDoUpdate({
        target: [meterReports.subscriptionId, meterReports.usageMonthStart, meterReports.category],
        set: { dirty: false },
      });
    const res = await decide("approve", toApprove, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SpamReviewResult;
    expect(body).toMatchObject({ id: toApprove, spamReview: "approved", units: 2 });
    expect(await states([toApprove, toDecline])).toEqual({ credited: 1, pending: 1, approved: 1, declined: 0 });
    expect(await detailOf(toApprove, customer.user)).toMatchObject({ units: 0, creditedUnits: 2, spamReview: "approved", spamReportedAt: body.spamReportedAt });
    const [meter] = await db
      .select()
      .from(meterReports)
      .where(and(eq(meterReports.subscriptionId, customer.subscriptionId), eq(meterReports.usageMonthStart, month)));
    expect(meter!.dirty).toBe(true);
    // Idempotent: the same answer, nothing changed.
    const again = await decide("approve", toApprove, admin);
    expect(again.status).toBe(200);
    expect(((await again.json()) as SpamReviewResult).spamReportedAt).toBe(body.spamReportedAt);
    expect(await states([toApprove, toDecline])).toEqual({ credited: 1, pending: 1, approved: 1, declined: 0 });
    // An approved report cannot be declined.
    expect((await decide("decline", toApprove, admin)).status).toBe(409);
  });

  it("decline keeps the units counted (one row changes), a repeat answers the same, and the customer cannot report it again", async () => {
    const res = await decide("decline", toDecline, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: toDecline, spamReview: "declined", spamReportedAt: null, units: 2 });
    expect(await states([toApprove, toDecline])).toEqual({ credited: 1, pending: 0, approved: 1, declined: 1 });
    expect((await decide("decline", toDecline, admin)).status).toBe(200);
    expect((await decide("approve", toDecline, admin)).status).toBe(409);
    expect(await states([toApprove, toDecline])).toEqual({ credited: 1, pending: 0, approved: 1, declined: 1 });
    expect(await detailOf(toDecline, customer.user)).toMatchObject({ units: 2, creditedUnits: null, spamReview: "declined", canReportSpam: false });
    expect((await reported(toDecline, customer.user)).spamReview).toBe("declined");
    expect(await states([toDecline])).toEqual({ credited: 0, pending: 0, approved: 0, declined: 1 });
    // Decided reports leave the list.
    const rows = (await (await call(pendingRoute.GET, { path: "/api/admin/spam-reports", cookie: admin.cookie })).json()) as PendingSpamReport[];
    expect(rows.filter((r) => r.customerEmail === customer.user.email)).toEqual([]);
  });

  it("404 for an unknown id and for a call that was never sent for review", async () => {
    for (const decision of ["approve", "decline"] as const) {
      expect((await decide(decision, "no-such-call", admin)).status).toBe(404);
    }
    const plain = await call2Units(customer, inMonth(1, 0, 60));
    expect((await decide("approve", plain, admin)).status).toBe(404);
    expect(await states([plain])).toEqual({ credited: 0, pending: 0, approved: 0, declined: 0 });
  });

  it("a customer gets 403 and a visitor 401 from the admin routes, and nothing changes", async () => {
    const other = await call2Units(customer, inMonth(1, 1));
    const db = await getDb();
    await db.update(interactions).set({ spamReview: "pending", spamReviewRequestedAt: new Date() }).where(eq(interactions.id, other));
    for (const decision of ["approve", "decline"] as const) {
      expect((await decide(decision, other, customer.user)).status).toBe(403);
      expect((await decide(decision, other)).status).toBe(401);
    }
    expect((await call(pendingRoute.GET, { path: "/api/admin/spam-reports", cookie: customer.user.cookie })).status).toBe(403);
    expect(await states([other])).toEqual({ credited: 0, pending: 1, approved: 0, declined: 0 });
    const credited = await db
      .select({ id: interactions.id })
      .from(interactions)
      .where(and(eq(interactions.id, other), isNotNull(interactions.spamReportedAt)));
    expect(credited).toEqual([]);
  });
});

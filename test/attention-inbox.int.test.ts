import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { interactions, organization } from "@/db/schema";
import * as attention from "@app/api/attention/route";
import * as handled from "@app/api/interactions/[id]/handled/route";
import * as list from "@app/api/interactions/route";
import type { AttentionResponse } from "@/features/interactions/attention";
import { call, type TestUser } from "./http-helpers";
import { memberOf } from "./account-helpers";
import { customerWithAiEmployee, insertInteraction } from "./interactions-fixtures";

/** Issue 23: the needs-attention inbox, its shared Handled marks, today's totals and the call log's two filters (ADR 0115). */

let owner: TestUser;
let staff: TestUser;
let other: TestUser;
let orderId: string;
const ids: Record<string, string> = {};

function insert(accountId: string, order: string, minutesAgo: number, over: Partial<typeof interactions.$inferInsert>): Promise<string> {
  return insertInteraction(
    { orderId: order, accountId },
    // Inside a usage month, as a subscribed account's records are: today's units count them.
    { startedAt: new Date(Date.now() - minutesAgo * 60_000), usageMonthStart: new Date(Date.now() - 86_400_000), ...over },
  );
}

async function inbox(u: TestUser): Promise<AttentionResponse> {
  const res = await call(attention.GET, { path: "/api/attention", cookie: u.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as AttentionResponse;
}

beforeAll(async () => {
  const c = await customerWithAiEmployee();
  owner = c.user;
  orderId = c.orderId;
  staff = await memberOf(owner.id, "staff", { alone: true });
  other = (await customerWithAiEmployee()).user;
  const a = owner.id;
  ids.answered = await insert(a, orderId, 1, {});
  ids.missed = await insert(a, orderId, 2, { outcome: "no_answer", durationMs: 0 });
  ids.voicemail = await insert(a, orderId, 3, { outcome: "voicemail" });
  ids.requested = await insert(a, orderId, 4, { tags: ["appointment-requested"], appointmentBooked: false });
  ids.requestedBooked = await insert(a, orderId, 5, { tags: ["appointment-requested"], appointmentBooked: true });
  ids.urgent = await insert(a, orderId, 6, { tags: ["urgent"] });
  ids.transferred = await insert(a, orderId, 7, { outcome: "transferred" });
  ids.spam = await insert(a, orderId, 8, { spamReview: "pending", spamReviewRequestedAt: new Date() });
  ids.outboundNoAnswer = await insert(a, orderId, 9, { direction: "outbound", outcome: "no_answer", toNumber: "+15550100300", fromNumber: null });
  ids.old = await insert(a, orderId, 40 * 24 * 60, { outcome: "no_answer" });
});

describe("GET /api/attention", () => {
  it("lists each reason's open items, newest first, with the call's id and the number to call back", async () => {
    const got = await inbox(owner);
    expect(got.items.map((i) => [i.id, i.reason])).toEqual([
      [ids.missed, "missed_call"],
      [ids.voicemail, "voicemail"],
      [ids.requested, "appointment_requested"],
      [ids.urgent, "urgent"],
      [ids.transferred, "transferred"],
      [ids.spam, "spam_review"],
    ]);
    expect(got.openCount).toBe(6);
    expect(got.items[0]!.callBack).toBe("+15550100200");
    // Read as people speak: national format for the account's country (US without a zone).
    expect(got.items[0]!.callBackDisplay).toBe("(555) 010-0200");
    // Call back dials the number in E.164.
    expect(got.items[0]!.callBackHref).toBe("tel:+15550100200");
    expect(got.hasCalls).toBe(true);
  });

  it("shows another account none of them", async () => {
    const got = await inbox(other);
    expect(got.items).toEqual([]);
    expect(got.hasCalls).toBe(false);
  });
});

describe("Handled marks, shared by the account's members", () => {
  it("owner marks, staff sees it handled with who and when; staff undoes it; another account gets 404", async () => {
    const before = Date.now();
    const res = await call(handled.PUT, { method: "PUT", path: `/api/interactions/${ids.missed}/handled`, params: { id: ids.missed }, cookie: owner.cookie });
    expect(res.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(interactions).where(eq(interactions.id, ids.missed));
    expect(row!.handledByUserId).toBe(owner.id);
    expect(row!.handledAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const seen = await inbox(staff);
    expect(seen.items.map((i) => i.id)).not.toContain(ids.missed);
    const mark = seen.handled.find((i) => i.id === ids.missed);
    expect(mark?.handled?.by).toBeTruthy();
    expect(mark?.handled?.at).toBe(row!.handledAt!.toISOString());

    // Marking again keeps the first mark.
    await call(handled.PUT, { method: "PUT", path: `/api/interactions/${ids.missed}/handled`, params: { id: ids.missed }, cookie: staff.cookie });
    const [again] = await db.select().from(interactions).where(eq(interactions.id, ids.missed));
    expect(again!.handledByUserId).toBe(owner.id);

    // Another account: 404 both ways, nothing changes.
    for (const method of ["PUT", "DELETE"] as const) {
      const r = await call(handled[method], { method, path: `/api/interactions/${ids.missed}/handled`, params: { id: ids.missed }, cookie: other.cookie });
      expect(r.status).toBe(404);
    }
    const [still] = await db.select().from(interactions).where(eq(interactions.id, ids.missed));
    expect(still!.handledByUserId).toBe(owner.id);

    const undo = await call(handled.DELETE, { method: "DELETE", path: `/api/interactions/${ids.missed}/handled`, params: { id: ids.missed }, cookie: staff.cookie });
    expect(undo.status).toBe(200);
    const [open] = await db.select().from(interactions).where(eq(interactions.id, ids.missed));
    expect([open!.handledAt, open!.handledByUserId]).toEqual([null, null]);
    expect((await inbox(owner)).items.map((i) => i.id)).toContain(ids.missed);
  });
});

describe("today's totals", () => {
  it("counts calls, bookings, missed calls and units of today in the account's time zone", async () => {
    const db = await getDb();
    await db.update(organization).set({ timeZone: "Pacific/Kiritimati" }).where(eq(organization.id, other.id));
    // A chat from before the subscription's usage month: the month's totals leave it out, so today's units do too.
    await insert(owner.id, orderId, 4, { channel: "chat", outcome: "answered", durationMs: null, agentMessages: 3, unitsMilli: 5000, unitRule: "text", usageMonthStart: null, handledAt: new Date() });
    const t = (await inbox(owner)).today;
    expect(t.timeZone).toBe("UTC");
    // Within the last few minutes: today in UTC unless the test runs right after midnight.
    if (new Date(Date.now() - 10 * 60_000).getUTCDate() === new Date().getUTCDate()) {
      expect(t.calls).toBe(9);
      expect(t.bookings).toBe(1);
      expect(t.missedCalls).toBe(1);
      expect(t.units).toBe(9);
    }
    expect((await inbox(other)).today.timeZone).toBe("Pacific/Kiritimati");
  });
});

describe("the call log's filters", () => {
  async function listIds(query: string): Promise<string[]> {
    const res = await call(list.GET, { path: `/api/interactions?${query}`, cookie: owner.cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: { id: string }[] }).items.map((i) => i.id);
  }

  it("Needs follow-up lists the open items only", async () => {
    await call(handled.PUT, { method: "PUT", path: `/api/interactions/${ids.urgent}/handled`, params: { id: ids.urgent }, cookie: owner.cookie });
    expect(await listIds("needsFollowUp=true")).toEqual([ids.missed, ids.voicemail, ids.requested, ids.transferred, ids.spam]);
  });

  it("Appointment booked lists the booked ones", async () => {
    expect(await listIds("appointmentBooked=true")).toEqual([ids.requestedBooked]);
  });

  it("a bad value is a 400", async () => {
    const res = await call(list.GET, { path: "/api/interactions?needsFollowUp=maybe", cookie: owner.cookie });
    expect(res.status).toBe(400);
  });
});

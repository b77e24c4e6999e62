import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { organization } from "@/db/schema";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { ensureSettings } from "@/features/ai-settings/defaults.server";
import type { InsightsResponse } from "@/features/insights/insights.schema";
import * as insights from "@app/api/insights/route";
import * as insightsCsv from "@app/api/insights/export.csv/route";
import * as callLog from "@app/api/interactions/route";
import { memberOf } from "./account-helpers";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "./interactions-fixtures";

/** Issue 26: GET /api/insights and its CSV on a known fixture. */

let key: string;
let owner: TestUser;
let orderId: string;
let secondOrderId: string;
let other: { user: TestUser; orderId: string };

// Fixed days in the past (UTC account): 2026-11-02 is a Monday.
const at = (day: string, time: string) => `${day}T${time}:00Z`;

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  const admin = await createUser({ role: "admin" });
  key = await newApiKey(admin);
  const c = await customerWithAiEmployee({ createdAt: new Date("2026-09-01T00:00:00Z") });
  owner = c.user;
  orderId = c.orderId;
  await ensureSettings(orderId);
  const db = await getDb();
  // Its opening hours: the defaults (Mon–Fri 09:00–17:00) read in UTC.
  await db.execute(sql`update ai_employee_settings_versions set document = jsonb_set(document, '{timeZone}', '"UTC"') where ai_ready_order_id = ${orderId}`);
  await db.update(organization).set({ timeZone: "UTC" }).where(eq(organization.id, owner.id));
  // A second AI employee of the same account, with no subscription.
  const second = await customerWithAiEmployee({ subscription: null });
  secondOrderId = second.orderId;
  const { aiReadyOrders } = await import("@/db/schema");
  await db.update(aiReadyOrders).set({ accountId: owner.id }).where(eq(aiReadyOrders.id, secondOrderId));
  other = await customerWithAiEmployee();
  const records = [
    // Monday 2026-11-02, 10:xx (open): answered 60 s with a booking, answered 120 s, missed (no answer).
    phoneRecord(orderId, { startedAt: at("2026-11-02", "10:05"), durationSeconds: 60, appointmentBooked: true }),
    phoneRecord(orderId, { startedAt: at("2026-11-02", "10:40"), durationSeconds: 120 }),
    phoneRecord(orderId, { startedAt: at("2026-11-02", "10:50"), durationSeconds: 0, outcome: "no_answer" }),
    // Saturday 2026-11-07 20:00 (closed): answered after hours 30 s; transferred to a known number after hours.
    phoneRecord(orderId, { startedAt: at("2026-11-07", "20:00"), durationSeconds: 30 }),
    phoneRecord(orderId, { startedAt: at("2026-11-07", "20:30"), durationSeconds: 90, outcome: "transferred", transferDestination: "+14155550101" }),
    // Tuesday 2026-11-03 09:15: a transfer without a destination, a voicemail, a spam call.
    phoneRecord(orderId, { startedAt: at("2026-11-03", "09:15"), durationSeconds: 45, outcome: "transferred" }),
    phoneRecord(orderId, { startedAt: at("2026-11-03", "09:20"), durationSeconds: 20, outcome: "voicemail" }),
    phoneRecord(orderId, { startedAt: at("2026-11-03", "09:25"), durationSeconds: 10, outcome: "spam" }),
    // An SMS conversation on the second AI employee.
    phoneRecord(secondOrderId, { channel: "sms", durationSeconds: undefined, agentMessages: 3, startedAt: at("2026-11-03", "12:00") }),
    // The period before (2026-10-26 … 2026-11-01 for a 7-day period from 11-02): one answered call.
    phoneRecord(orderId, { startedAt: at("2026-10-30", "11:00"), durationSeconds: 200 }),
    // Another account's call, same day: never counted here.
    phoneRecord(other.orderId, { startedAt: at("2026-11-02", "10:05"), durationSeconds: 60 }),
  ];
  const res = await postInteractions(key, { interactions: records });
  expect(res.status).toBe(200);
});

const get = (u: TestUser, query: string) => call(insights.GET, { path: `/api/insights?${query}`, cookie: u.cookie });
async function read(u: TestUser, query: string): Promise<InsightsResponse> {
  const res = await get(u, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as InsightsResponse;
}
async function callLogCount(u: TestUser, query: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const res = await call(callLog.GET, { path: `/api/interactions?limit=50&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, cookie: u.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: unknown[]; nextCursor: string | null };
    count += body.items.length;
    cursor = body.nextCursor;
  } while (cursor);
  return count;
}

describe("GET /api/insights", () => {
  it("answers totals, one entry a day, the heat map and transfers by destination for the period, and the period before", async () => {
    const body = await read(owner, "from=2026-11-02&to=2026-11-08");
    expect(body.period).toEqual({ from: "2026-11-02", to: "2026-11-08", timeZone: "UTC" });
    expect(body.totals).toEqual({
      interactions: 9,
      byOutcome: { answered: 4, missed: 1, voicemail: 1, transferred: 2, spam: 1 },
      appointments: 1,
      answeredAfterHours: 2,
      // Phone calls with a duration: 60, 120, 30, 90, 45, 20, 10 → 375 / 7 s.
      averageDurationSeconds: 54,
      transfersByDestination: [
        { destination: "+14155550101", count: 1 },
        { destination: "Unknown", count: 1 },
      ],
    });
    expect(body.series.map((d) => d.date)).toEqual(["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08"]);
    expect(body.series[0]).toEqual({ date: "2026-11-02", interactions: 3, byOutcome: { answered: 2, missed: 1, voicemail: 0, transferred: 0, spam: 0 }, appointments: 1, answeredAfterHours: 0 });
    expect(body.series[5]).toMatchObject({ date: "2026-11-07", interactions: 2, answeredAfterHours: 2 });
    // Monday (1) 10:00 three calls, two answered; Tuesday 09:00 three, of which the transfer was answered;
    // 12:00 one conversation; Saturday (6) 20:00 two, answered and transferred.
    expect(body.heatmap).toEqual([
      { weekday: 1, hour: 10, count: 3, answered: 2 },
      { weekday: 2, hour: 9, count: 3, answered: 1 },
      { weekday: 2, hour: 12, count: 1, answered: 1 },
      { weekday: 6, hour: 20, count: 2, answered: 2 },
    ]);
    expect(body.previous.from).toBe("2026-10-26");
    expect(body.previous.to).toBe("2026-11-01");
    expect(body.previous.totals).toMatchObject({ interactions: 1, byOutcome: { answered: 1, missed: 0, voicemail: 0, transferred: 0, spam: 0 }, averageDurationSeconds: 200 });
  });

  it("filters by AI employee and channel; totals.interactions is the call log's count for the same filters", async () => {
    const phone = await read(owner, `from=2026-11-02&to=2026-11-08&channel=phone`);
    expect(phone.totals.interactions).toBe(8);
    const second = await read(owner, `from=2026-11-02&to=2026-11-08&aiEmployeeId=${secondOrderId}`);
    expect(second.totals.interactions).toBe(1);
    expect(second.totals.averageDurationSeconds).toBeNull();
    for (const q of [
      "from=2026-11-02&to=2026-11-08",
      "from=2026-11-02&to=2026-11-08&channel=phone",
      `from=2026-11-02&to=2026-11-08&aiEmployeeId=${orderId}`,
      "from=2026-10-01&to=2026-11-26&channel=sms",
    ]) {
      expect((await read(owner, q)).totals.interactions, q).toBe(await callLogCount(owner, q));
    }
  });

  it("answers 404 for another account's AI employee and 400 with a message for bad dates and periods", async () => {
    const res = await get(owner, `aiEmployeeId=${other.orderId}`);
    expect(res.status).toBe(404);
    for (const [query, message] of [
      ["from=2026-02-30&to=2026-03-02", "from: 2026-02-30 is not a date"],
      ["from=2026-11-09&to=2026-11-02", "from (2026-11-09) must be on or before to (2026-11-02)"],
      ["from=2026-01-01&to=2026-11-02", "The period can be at most 120 days (2026-01-01 to 2026-11-02 is 306 days)"],
      ["from=yesterday", "Use a date as YYYY-MM-DD."],
      ["channel=fax", "channel"],
    ] as const) {
      const r = await get(owner, query);
      expect(r.status, query).toBe(400);
      expect(((await r.json()) as { message: string }).message, query).toContain(message);
    }
  });

  it("defaults to the 30 days ending today in the account's zone", async () => {
    const body = await read(owner, "");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date());
    expect(body.period.to).toBe(today);
    expect(body.series).toHaveLength(30);
    expect(body.previous.to < body.period.from).toBe(true);
  });

  it("shows staff the insights without the money; the owner gets the month's figures", async () => {
    const staff = await memberOf(owner.id, "staff");
    const forStaff = await read(staff, "from=2026-11-02&to=2026-11-08");
    expect(forStaff.totals.interactions).toBe(9);
    expect(forStaff.month).not.toBeNull();
    expect(forStaff.month!.extraCostCents).toBeNull();
    const forOwner = await read(owner, "from=2026-11-02&to=2026-11-08");
    expect(typeof forOwner.month!.extraCostCents).toBe("number");
    // Another account's member sees only their own account.
    const theirs = await read(other.user, "from=2026-11-02&to=2026-11-08");
    expect(theirs.totals.interactions).toBe(1);
  });
});

describe("GET /api/insights/export.csv", () => {
  it("answers one row a day with the series' columns, as an attachment, under the same filters", async () => {
    const res = await call(insightsCsv.GET, { path: "/api/insights/export.csv?from=2026-11-02&to=2026-11-04&channel=phone", cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="insights-2026-11-02-to-2026-11-04.csv"');
    expect(await res.text()).toBe(
      [
        "Date,Interactions,Answered,Missed,Voicemail,Transferred,Spam,Appointments booked,Answered after hours",
        "2026-11-02,3,2,1,0,0,0,1,0",
        "2026-11-03,3,0,0,1,1,1,0,0",
        "2026-11-04,0,0,0,0,0,0,0,0",
        "",
      ].join("\r\n"),
    );
    const bad = await call(insightsCsv.GET, { path: "/api/insights/export.csv?from=2026-13-01", cookie: owner.cookie });
    expect(bad.status).toBe(400);
  });
});

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { config, resetConfigForTests } from "@/lib/config";
import { aiReadyOrders, interactions, meterReports, notifications, type TranscriptTurn } from "@/db/schema";
import { unitsFor } from "@/features/plans/units";
import { usageMonth } from "@/features/usage/usage-month";
import { signedRecordingPath } from "@/features/interactions/recording-url.server";
import type { InteractionDetail, InteractionPage } from "@/features/interactions/interaction-view";
import * as list from "@app/api/interactions/route";
import * as detail from "@app/api/interactions/[id]/route";
import * as reportSpamRoute from "@app/api/interactions/[id]/report-spam/route";
import * as csvExport from "@app/api/interactions/export.csv/route";
import * as recording from "@app/api/interactions/[id]/recording/route";
import { call, type TestUser } from "./http-helpers";
import { customerWithAiEmployee } from "./interactions-fixtures";

/** Issue 13, "What the customer sees": the call log, its detail, spam reports, the CSV export and recordings. */

type Owner = { user: TestUser; orderId: string; subscriptionId: string | null; anchor: Date };
let alice: Owner;
let bob: Owner;
let carol: Owner;
let trialer: Owner;
/** Alice's second AI employee: claimed, no subscription. */
let aliceSecondOrder: string;

const SUB_CREATED = new Date("2025-01-01T00:00:00Z");
const at = (iso: string) => new Date(iso);
const ids: Record<string, string> = {};
const ownRecording = () => `https://${new URL(config().baseUrl).host}/recordings/sample-1.wav`;

type Over = Partial<typeof interactions.$inferInsert> & { channel?: "phone" | "sms" | "chat" | "social" };

/** Inserts one record for `owner` (units computed by spec 9 as ingestion does) and returns its id. */
function row(owner: Owner, over: Over, orderId = owner.orderId): typeof interactions.$inferInsert {
  const channel = over.channel ?? "phone";
  const outcome = over.outcome ?? "answered";
  const durationMs = channel === "phone" ? (over.durationMs ?? 95_000) : null;
  const agentMessages = channel === "phone" ? null : (over.agentMessages ?? 3);
  const units = unitsFor({ channel, outcome, durationMs, agentMessages });
  const startedAt = over.startedAt ?? at("2025-06-10T12:00:00Z");
  const sub = orderId === owner.orderId ? owner.subscriptionId : null;
  const id = over.id ?? `call-${randomUUID()}`;
  return {
    id,
    sourceKey: "platform:default",
    externalId: id,
    aiReadyOrderId: orderId,
    accountId: owner.user.id,
    subscriptionId: sub,
    usageMonthStart: sub ? usageMonth(owner.anchor, startedAt).start : null,
    direction: "inbound",
    fromNumber: "+15550009999",
    toNumber: "+15550001111",
    summary: "A caller asked about opening hours",
    source: "api",
    ...over,
    channel,
    outcome,
    startedAt,
    durationMs,
    agentMessages,
    unitsMilli: units.milli,
    unitRule: units.rule,
  };
}

async function insert(owner: Owner, over: Over, orderId?: string): Promise<string> {
  const r = row(owner, over, orderId);
  const db = await getDb();
  await db.insert(interactions).values(r);
  return r.id;
}

async function owner(opts: Parameters<typeof customerWithAiEmployee>[0] = {}): Promise<Owner> {
  const o = await customerWithAiEmployee({ createdAt: SUB_CREATED, ...opts });
  return { ...o, anchor: opts.trialEnd ?? SUB_CREATED };
}

const get = (handler: typeof list.GET, p: string, cookie?: string, headers?: Record<string, string>) => call(handler, { path: p, cookie, headers });
async function page(p: string, who: Owner = alice): Promise<InteractionPage> {
  const res = await get(list.GET, p, who.user.cookie);
  expect(res.status, p).toBe(200);
  return (await res.json()) as InteractionPage;
}
async function listIds(query: string, who: Owner = alice): Promise<string[]> {
  return (await page(`/api/interactions?limit=50&${query}`, who)).items.map((r) => r.id);
}
function getDetail(id: string, who: Owner = alice): Promise<Response> {
  return call(detail.GET, { path: `/api/interactions/${id}`, cookie: who.user.cookie, params: { id } });
}
function report(id: string, who: Owner | null = alice): Promise<Response> {
  return call(reportSpamRoute.POST, { method: "POST", path: `/api/interactions/${id}/report-spam`, cookie: who?.user.cookie, params: { id } });
}
async function storeRecording(id: string, recordingUrl: string): Promise<void> {
  const db = await getDb();
  await db.update(interactions).set({ recordingUrl }).where(eq(interactions.id, id));
}
function playRecording(id: string, pathAndQuery: string, headers?: Record<string, string>): Promise<Response> {
  return call(recording.GET, { path: pathAndQuery, params: { id }, headers });
}

/** RFC 4180 parsing, to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let k = 0;
  while (k < text.length) {
    const c = text[k]!;
    if (quoted && c === '"' && text[k + 1] === '"') {
      cell += '"';
      k += 2;
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ",") {
      cells.push(cell);
      cell = "";
    } else if (!quoted && c === "\r" && text[k + 1] === "\n") {
      cells.push(cell);
      rows.push(cells);
      cells = [];
      cell = "";
      k++;
    } else cell += c;
    k++;
  }
  if (cell !== "" || cells.length) throw new Error("CSV does not end with CRLF");
  return rows;
}

const HEADER = "id,started_at,channel,direction,outcome,ai_employee,caller_name,from,to,duration_seconds,agent_messages,units,unit_rule,spam_reported,appointment_booked,tags,summary";

beforeAll(async () => {
  alice = await owner();
  bob = await owner();
  carol = await owner();
  trialer = await owner({ status: "trialing", trialEnd: at("2025-07-01T00:00:00Z") });
  const db = await getDb();
  aliceSecondOrder = randomUUID();
  await db.insert(aiReadyOrders).values({
    id: aliceSecondOrder,
    aiEmployeeName: "Orion",
    aiPhoneNumber: "+1 555 777 0000",
    customerEmail: alice.user.email,
    webChatUrl: "https://chat.example.com/orion",
    status: "claimed",
    claimedByUserId: alice.user.id,
  });
  const transcript: TranscriptTurn[] = [
    { speaker: "caller", text: "Hello, my furnace stopped working last night", at: "00:01" },
    { speaker: "agent", text: "I can book a technician for 7:30 tomorrow morning.", at: "00:09" },
  ];
  ids.furnace = await insert(alice, {
    startedAt: at("2025-06-12T09:00:00Z"),
    fromNumber: "+1 (555) 010-0200",
    summary: "Booked a repair visit",
    transcript,
    recordingUrl: ownRecording(),
    appointmentBooked: true,
    tags: ["booking"],
  });
  ids.short = await insert(alice, { startedAt: at("2025-06-12T08:00:00Z"), durationMs: 20_000 });
  ids.sms = await insert(alice, { channel: "sms", startedAt: at("2025-06-11T23:59:59.999Z"), agentMessages: 3, summary: "Texted the price list" });
  ids.chat = await insert(alice, { channel: "chat", direction: "outbound", startedAt: at("2025-06-11T10:00:00Z"), agentMessages: 16 });
  ids.noAnswer = await insert(alice, { direction: "outbound", outcome: "no_answer", durationMs: 0, startedAt: at("2025-06-11T00:00:00Z"), toNumber: "+1 555 012 3434" });
  ids.long = await insert(alice, { startedAt: at("2025-06-10T15:00:00Z"), durationMs: 200_000, summary: "Tried to sell an extended warranty" });
  ids.spamOutcome = await insert(alice, { outcome: "spam", durationMs: 45_000, startedAt: at("2025-06-10T14:00:00Z") });
  ids.orion = await insert(alice, { startedAt: at("2025-06-10T13:00:00Z") }, aliceSecondOrder);
  ids.tricky = await insert(alice, {
    startedAt: at("2025-06-09T12:00:00Z"),
    summary: 'Caller said "call me back, please"\nthen hung up',
    fromNumber: '=HYPERLINK("http://evil.example")',
    // A formula after a semicolon: a field of its own in a semicolon locale.
    toNumber: "x;=cmd|' /C calc'!A0",
  });
  // Three records at the same moment: the id orders them.
  for (const n of [1, 2, 3]) ids[`tie${n}`] = await insert(alice, { startedAt: at("2025-06-09T08:00:00Z") });
  ids.remote = await insert(alice, { startedAt: at("2025-06-08T08:00:00Z"), recordingUrl: "https://recordings.example.com/r/abc.mp3" });
  ids.foreignPath = await insert(alice, { startedAt: at("2025-06-08T07:00:00Z"), recordingUrl: `https://${new URL(config().baseUrl).host}/api/health` });
  ids.bob = await insert(bob, { startedAt: at("2025-06-12T09:30:00Z"), summary: "Furnace making noise", recordingUrl: ownRecording() });
  ids.trial = await insert(trialer, { startedAt: at("2025-06-20T09:00:00Z"), durationMs: 60_000 });
  // Carol: 2,500 calls, for the export's paging.
  const many = Array.from({ length: 2500 }, (_, n) => row(carol, { startedAt: new Date(Date.UTC(2025, 5, 1) + n * 60_000), summary: `Call number ${n}` }));
  for (let k = 0; k < many.length; k += 500) await db.insert(interactions).values(many.slice(k, k + 500));
});

const ALICE = () => Object.entries(ids).filter(([k]) => !["bob", "trial"].includes(k));

describe("who sees what", () => {
  it("answers 401 to an anonymous caller on every customer route", async () => {
    expect((await call(list.GET, { path: "/api/interactions" })).status).toBe(401);
    expect((await call(detail.GET, { path: `/api/interactions/${ids.furnace}`, params: { id: ids.furnace } })).status).toBe(401);
    expect((await report(ids.long, null)).status).toBe(401);
    expect((await call(csvExport.GET, { path: "/api/interactions/export.csv" })).status).toBe(401);
  });

  it("lists only the caller's own records; another customer's id is a 404", async () => {
    expect([...(await listIds(""))].sort()).toEqual(
      ALICE()
        .map(([, v]) => v)
        .sort(),
    );
    expect(await listIds("", bob)).toEqual([ids.bob]);
    const res = await getDetail(ids.bob);
    expect(res.status).toBe(404);
    expect((await getDetail(ids.furnace, bob)).status).toBe(404);
    expect((await report(ids.bob)).status).toBe(404);
    expect((await getDetail("no-such-id")).status).toBe(404);
  });
});

describe("GET /api/interactions", () => {
  it("shows each record with decimal units, the rule that gave them and the AI employee", async () => {
    const items = new Map((await page("/api/interactions?limit=50")).items.map((r) => [r.id, r]));
    const furnace = items.get(ids.furnace)!;
    expect(furnace).toMatchObject({
      channel: "phone",
      direction: "inbound",
      outcome: "answered",
      aiEmployeeId: alice.orderId,
      aiEmployeeName: "Nova",
      from: "+1 (555) 010-0200",
      durationSeconds: 95,
      agentMessages: null,
      units: 1,
      creditedUnits: null,
      unitRule: "call",
      unitRuleText: "Call of 30 seconds to 3 minutes: 1 unit",
      summary: "Booked a repair visit",
      appointmentBooked: true,
      tags: ["booking"],
      spamReportedAt: null,
      canReportSpam: true,
      startedAt: "2025-06-12T09:00:00.000Z",
    });
    expect(furnace).not.toHaveProperty("transcript");
    expect(items.get(ids.short)).toMatchObject({ units: 0.15, unitRule: "short_call", canReportSpam: false });
    expect(items.get(ids.sms)).toMatchObject({ units: 0.5, unitRule: "text", durationSeconds: null, agentMessages: 3, canReportSpam: false });
    expect(items.get(ids.chat)).toMatchObject({ units: 1, agentMessages: 16 });
    expect(items.get(ids.noAnswer)).toMatchObject({ units: 0.02, unitRule: "failed_dial" });
    expect(items.get(ids.long)).toMatchObject({ units: 2, unitRule: "long_call" });
    expect(items.get(ids.spamOutcome)).toMatchObject({ units: 0, unitRule: "spam", canReportSpam: false });
    expect(items.get(ids.orion)).toMatchObject({ aiEmployeeName: "Orion", aiEmployeeId: aliceSecondOrder });
  });

  it("pages newest first with the cursor through every record once (ties broken by id)", async () => {
    const db = await getDb();
    const expected = (
      await db
        .select({ id: interactions.id })
        .from(interactions)
        .where(eq(interactions.accountId, alice.user.id))
        .orderBy(sql`${interactions.startedAt} desc, ${interactions.id} desc`)
    ).map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p: InteractionPage = await page(`/api/interactions?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
      expect(p.items.length).toBeLessThanOrEqual(4);
      seen.push(...p.items.map((r) => r.id));
      cursor = p.nextCursor;
      pages++;
      expect(pages).toBeLessThan(20);
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(ALICE().length);
    expect(pages).toBe(Math.ceil(ALICE().length / 4));
    // The default page is 25; filters and the cursor combine.
    expect((await page("/api/interactions?channel=phone&limit=2")).nextCursor).toBeTruthy();
  });

  it("filters by channel, direction, outcome, AI employee and inclusive day range", async () => {
    expect(await listIds("channel=sms")).toEqual([ids.sms]);
    expect(await listIds("channel=social")).toEqual([]);
    expect(await listIds("direction=outbound")).toEqual([ids.chat, ids.noAnswer]);
    expect(await listIds("outcome=no_answer")).toEqual([ids.noAnswer]);
    expect(await listIds(`aiEmployeeId=${aliceSecondOrder}`)).toEqual([ids.orion]);
    expect(await listIds(`aiEmployeeId=${bob.orderId}`)).toEqual([]);
    // 2025-06-11 holds its first and last millisecond; the 12th and the 10th are outside.
    expect(await listIds("from=2025-06-11&to=2025-06-11")).toEqual([ids.sms, ids.chat, ids.noAnswer]);
    expect(await listIds("from=2025-06-12")).toEqual([ids.furnace, ids.short]);
    expect((await listIds("to=2025-06-09")).sort()).toEqual([ids.tricky, ids.tie1, ids.tie2, ids.tie3, ids.remote, ids.foreignPath].sort());
    expect(await listIds("channel=phone&direction=outbound&from=2025-06-11&to=2025-06-12")).toEqual([ids.noAnswer]);
  });

  it("searches the transcript's words (full text) and either number however it is written", async () => {
    // "furnace" is only in the transcript; English stemming finds "furnaces" too.
    expect(await listIds("q=furnace")).toEqual([ids.furnace]);
    expect(await listIds("q=furnaces")).toEqual([ids.furnace]);
    expect(await listIds(`q=${encodeURIComponent("technician tomorrow")}`)).toEqual([ids.furnace]);
    expect(await listIds("q=warranty")).toEqual([ids.long]);
    expect(await listIds(`q=${encodeURIComponent("010-0200")}`)).toEqual([ids.furnace]);
    expect(await listIds("q=5550100200")).toEqual([ids.furnace]);
    // The number an outbound call dialled.
    expect(await listIds(`q=${encodeURIComponent("(555) 012-3434")}`)).toEqual([ids.noAnswer]);
    expect(await listIds("q=zeppelin")).toEqual([]);
    // Bob's furnace is not Alice's.
    expect(await listIds("q=furnace", bob)).toEqual([ids.bob]);
    // Stop words only: no match, no error.
    expect(await listIds("q=the")).toEqual([]);
  });

  it("answers 400 naming the parameter for bad values", async () => {
    const cases: [string, RegExp][] = [
      ["channel=fax", /channel/],
      ["direction=sideways", /direction/],
      ["outcome=exploded", /outcome/],
      ["from=2025-02-30", /from/],
      ["to=yesterday", /to/],
      ["from=2025-06-12&to=2025-06-11", /from/],
      ["limit=0", /limit/],
      ["limit=51", /limit/],
      ["limit=ten", /limit/],
      ["cursor=%25%25", /cursor/],
      ["cursor=WyJ4Il0", /cursor/],
      [`q=${"a".repeat(201)}`, /q must/],
      [`aiEmployeeId=${"a".repeat(201)}`, /aiEmployeeId/],
    ];
    for (const [q, message] of cases) {
      const res = await get(list.GET, `/api/interactions?${q}`, alice.user.cookie);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { message: string }).message, q).toMatch(message);
    }
  });
});

describe("GET /api/interactions/<id>", () => {
  it("adds the transcript and a signed same-origin recording link", async () => {
    const res = await getDetail(ids.furnace);
    expect(res.status).toBe(200);
    const d = (await res.json()) as InteractionDetail;
    expect(d.transcript).toEqual([
      { speaker: "caller", text: "Hello, my furnace stopped working last night", at: "00:01" },
      { speaker: "agent", text: "I can book a technician for 7:30 tomorrow morning.", at: "00:09" },
    ]);
    expect(d.recordingUrl).toMatch(new RegExp(`^/api/interactions/${ids.furnace}/recording\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    const expires = Number(new URL(d.recordingUrl!, "http://x").searchParams.get("expires"));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const noRecording = (await (await getDetail(ids.short)).json()) as InteractionDetail;
    expect(noRecording).toMatchObject({ recordingUrl: null, transcript: [] });
  });
});

describe("POST /api/interactions/<id>/report-spam", () => {
  // The calls are of June 2025: reported then, while their month was open (closed months are frozen: issue 21).
  beforeAll(() => void vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-06-25T00:00:00Z") }));
  afterAll(() => void vi.useRealTimers());
  it("credits the call's units, marks its meter and tells the admins once, even when reported twice", async () => {
    const res = await report(ids.long);
    expect(res.status).toBe(200);
    const first = (await res.json()) as InteractionDetail;
    expect(first).toMatchObject({ id: ids.long, units: 0, creditedUnits: 2, canReportSpam: false });
    expect(first.spamReportedAt).toBeTruthy();
    const shown = (await (await getDetail(ids.long)).json()) as InteractionDetail;
    expect(shown).toMatchObject({ units: 0, creditedUnits: 2, spamReportedAt: first.spamReportedAt });
    expect((await page("/api/interactions?limit=50")).items.find((r) => r.id === ids.long)).toMatchObject({ units: 0, creditedUnits: 2 });

    const again = await report(ids.long);
    expect(again.status).toBe(200);
    expect(((await again.json()) as InteractionDetail).spamReportedAt).toBe(first.spamReportedAt);

    const db = await getDb();
    const notes = await db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `spam-report:${ids.long}`));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "usage" });
    expect(notes[0]!.message).toContain(alice.user.email);
    expect(notes[0]!.message).toContain("2 units credited");
    const month = usageMonth(alice.anchor, at("2025-06-10T15:00:00Z")).start;
    const meters = await db
      .select()
      .from(meterReports)
      .where(and(eq(meterReports.subscriptionId, alice.subscriptionId!), eq(meterReports.usageMonthStart, month), eq(meterReports.category, "phone_inbound")));
    expect(meters).toMatchObject([{ dirty: true }]);
  });

  it("refuses a call under 30 s, an SMS and a call already recognised as spam with 400, and notifies nobody", async () => {
    const cases: [string, RegExp][] = [
      [ids.short, /30 seconds/],
      [ids.sms, /phone calls/],
      [ids.spamOutcome, /already recognised as spam/],
    ];
    for (const [id, message] of cases) {
      const res = await report(id);
      expect(res.status, id).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect(((await (await getDetail(id)).json()) as InteractionDetail).spamReportedAt).toBeNull();
    }
    const db = await getDb();
    const notes = await db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.dedupeKey,
          cases.map(([id]) => `spam-report:${id}`),
        ),
      );
    expect(notes).toEqual([]);
  });

  it("a call in a trial month is credited without touching the provider's meters (trials are never reported)", async () => {
    const res = await report(ids.trial, trialer);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ units: 0, creditedUnits: 1 });
    const db = await getDb();
    expect(await db.select().from(meterReports).where(eq(meterReports.subscriptionId, trialer.subscriptionId!))).toEqual([]);
    expect(
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `spam-report:${ids.trial}`)),
    ).toHaveLength(1);
  });
});

describe("GET /api/interactions/export.csv", () => {
  it("streams the filtered records as CSV: header, RFC 4180 quoting, formulas neutralised, numbers shown as written, spam credited", async () => {
    const res = await get(csvExport.GET, "/api/interactions/export.csv?channel=phone", alice.user.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="calls-${new Date().toISOString().slice(0, 10)}.csv"`);
    const text = await res.text();
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header!.join(",")).toBe(HEADER);
    const phoneIds = await listIds("channel=phone");
    expect(rows.map((r) => r[0])).toEqual(phoneIds);
    const byId = new Map(rows.map((r) => [r[0], r]));
    const tricky = byId.get(ids.tricky)!;
    expect(tricky[16]).toBe('Caller said "call me back, please"\nthen hung up');
    expect(tricky[7]).toBe('\'=HYPERLINK("http://evil.example")');
    // Quoted, and what follows the semicolon cannot start a formula either (ADR 0105).
    expect(tricky[8]).toBe("x;'=cmd|' /C calc'!A0");
    expect(text).toContain(`"x;'=cmd|' /C calc'!A0"`);
    expect(text).not.toMatch(/;=/);
    expect(text).toContain('"Caller said ""call me back, please""\nthen hung up"');
    const furnace = byId.get(ids.furnace)!;
    // Numbers as the account's country writes them (the US while no zone is set; ADR 0118), booked, tags.
    expect(furnace.slice(1, 16)).toEqual(["2025-06-12T09:00:00.000Z", "phone", "inbound", "answered", "Nova", "", "(555) 010-0200", "(555) 000-1111", "95", "", "1", "call", "", "yes", "booking"]);
    const long = byId.get(ids.long)!;
    expect(long[11]).toBe("0");
    expect(long[13]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(long[14]).toBe("no");
  });

  it("streams thousands of rows in pages with the right count", async () => {
    const res = await get(csvExport.GET, "/api/interactions/export.csv", carol.user.cookie);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const [header, ...rows] = parseCsv(text);
    expect(header!.join(",")).toBe(HEADER);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2500);
    expect(rows[0]![16]).toBe("Call number 2499");
    expect(rows.at(-1)![16]).toBe("Call number 0");
    // The header, then one chunk per page of 1,000 read from the database.
    expect(chunks).toBeGreaterThanOrEqual(4);
  });

  it("answers 400 for a bad filter before streaming anything", async () => {
    const res = await get(csvExport.GET, "/api/interactions/export.csv?from=2025-13-01", alice.user.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/from/);
  });
});

describe("GET /api/interactions/<id>/recording", () => {
  const wav = readFileSync(path.join(process.cwd(), "public/recordings/sample-1.wav"));

  it("plays the record's recording with a good signature, also in ranges", async () => {
    const d = (await (await getDetail(ids.furnace)).json()) as InteractionDetail;
    const res = await playRecording(ids.furnace, d.recordingUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(wav)).toBe(true);
    expect(body.subarray(0, 4).toString("ascii")).toBe("RIFF");
    const part = await playRecording(ids.furnace, d.recordingUrl!, { range: "bytes=0-11" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-11/${wav.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(0, 12))).toBe(true);
  });

  it("answers 403 to a missing, changed, borrowed or expired signature", async () => {
    const good = signedRecordingPath(ids.furnace);
    const q = new URL(good, "http://x").searchParams;
    const sig = q.get("sig")!;
    const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
    const expired = signedRecordingPath(ids.furnace, Date.now() - 16 * 60_000);
    const paths = [
      `/api/interactions/${ids.furnace}/recording`,
      `/api/interactions/${ids.furnace}/recording?expires=${q.get("expires")}&sig=${flipped}`,
      `/api/interactions/${ids.furnace}/recording?expires=${Number(q.get("expires")) + 3600}&sig=${sig}`,
      expired,
    ];
    for (const p of paths) expect((await playRecording(ids.furnace, p)).status, p).toBe(403);
    // Alice's signature does not open Bob's recording.
    expect((await playRecording(ids.bob, good.replace(ids.furnace, ids.bob))).status).toBe(403);
    expect((await playRecording(ids.bob, signedRecordingPath(ids.bob))).status).toBe(200);
  });

  it("is never cached, whatever the answer", async () => {
    const d = (await (await getDetail(ids.furnace)).json()) as InteractionDetail;
    const answers = [
      await playRecording(ids.furnace, d.recordingUrl!),
      await playRecording(ids.furnace, d.recordingUrl!, { range: "bytes=0-11" }),
      await playRecording(ids.furnace, signedRecordingPath(ids.furnace, Date.now() - 16 * 60_000)),
      await playRecording(ids.short, signedRecordingPath(ids.short)),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 206, 403, 404]);
    for (const res of answers) expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves the app's own sample recordings from disk, with no OUTBOUND_ALLOW_HOSTS", async () => {
    expect(config().OUTBOUND_ALLOW_HOSTS).toEqual([]);
    for (const url of [ownRecording(), ownRecording().replace("https:", "http:")]) {
      await storeRecording(ids.remote, url);
      const res = await playRecording(ids.remote, signedRecordingPath(ids.remote));
      expect(res.status, url).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(wav)).toBe(true);
    }
  });

  describe("stored on another server (the voice platform's)", () => {
    let platform: Server;
    let port: number;
    const seen: Array<{ path: string; range?: string }> = [];
    const allow = (value: string) => {
      process.env.OUTBOUND_ALLOW_HOSTS = value;
      resetConfigForTests();
    };

    beforeAll(async () => {
      platform = createServer((req, res) => {
        seen.push({ path: req.url ?? "", range: req.headers.range });
        if (req.url === "/r/abc.mp3") return void res.writeHead(200, { "content-type": "audio/mpeg", "content-length": "4" }).end(Buffer.from([1, 2, 3, 4]));
        if (req.url === "/r/page.html") return void res.writeHead(200, { "content-type": "text/html" }).end("<script>alert(1)</script>");
        if (req.url === "/r/moved.mp3") return void res.writeHead(302, { location: `http://127.0.0.1:${port}/r/abc.mp3` }).end();
        if (req.url === "/r/declared-100mb.mp3") return void res.writeHead(200, { "content-type": "audio/mpeg", "content-length": String(100 * 1024 * 1024) }).end();
        if (req.url === "/r/endless.mp3") {
          // 100 MB without a Content-Length, sent as fast as it is read.
          res.writeHead(200, { "content-type": "audio/mpeg" });
          const chunk = Buffer.alloc(256 * 1024, 7);
          let left = 400;
          const write = () => {
            while (left > 0 && res.write(chunk)) left--;
            if (left > 0) res.once("drain", write);
            else res.end();
          };
          return write();
        }
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => platform.listen(0, "127.0.0.1", resolve));
      port = (platform.address() as AddressInfo).port;
    });

    afterEach(() => {
      seen.length = 0;
      allow("");
    });

    afterAll(async () => {
      platform.closeAllConnections();
      await new Promise((resolve) => platform.close(resolve));
    });

    async function playFrom(url: string, headers?: Record<string, string>): Promise<Response> {
      await storeRecording(ids.remote, url);
      return playRecording(ids.remote, signedRecordingPath(ids.remote), headers);
    }

    it("streams it with its audio type when its host is allowed, and serves nothing but audio", async () => {
      allow(`localhost:${port}`);
      const res = await playFrom(`http://localhost:${port}/r/abc.mp3`, { range: "bytes=0-" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("audio/mpeg");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([1, 2, 3, 4]);
      expect(seen).toEqual([{ path: "/r/abc.mp3", range: "bytes=0-" }]);

      expect((await playFrom(`http://localhost:${port}/r/page.html`)).status).toBe(502);
      expect((await playFrom(`http://localhost:${port}/r/gone.mp3`)).status).toBe(404);
      // A stored link to one of the app's own pages that is not a demo recording: nothing.
      expect((await playRecording(ids.foreignPath, signedRecordingPath(ids.foreignPath))).status).toBe(404);
      // A record without a recording.
      expect((await playRecording(ids.short, signedRecordingPath(ids.short))).status).toBe(404);
    });

    it("never reaches this machine: not by an IPv4-mapped address, a name, or a redirect (502, the reason said)", async () => {
      for (const url of [`https://[::ffff:127.0.0.1]:${port}/r/abc.mp3`, `https://localhost:${port}/r/abc.mp3`, `https://127.0.0.1:${port}/r/abc.mp3`]) {
        const res = await playFrom(url);
        expect(res.status, url).toBe(502);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        expect(((await res.json()) as { message: string }).message).toMatch(/address this server does not fetch from/);
      }
      expect(seen).toEqual([]);
      // An allowed host's redirect to an address that is not allowed.
      allow(`localhost:${port}`);
      const res = await playFrom(`http://localhost:${port}/r/moved.mp3`);
      expect(res.status).toBe(502);
      expect(seen.map((s) => s.path)).toEqual(["/r/moved.mp3"]);
    });

    it("relays at most 50 MB of one answer, refused at once when the size is declared", async () => {
      allow(`localhost:${port}`);
      const declared = await playFrom(`http://localhost:${port}/r/declared-100mb.mp3`);
      expect(declared.status).toBe(502);
      expect(((await declared.json()) as { message: string }).message).toMatch(/larger than this server relays \(50 MB/);

      const endless = await playFrom(`http://localhost:${port}/r/endless.mp3`);
      expect(endless.status).toBe(200);
      let relayed = 0;
      const reading = (async () => {
        for await (const chunk of endless.body as unknown as AsyncIterable<Uint8Array>) relayed += chunk.byteLength;
      })();
      await expect(reading).rejects.toThrow(/larger than/);
      expect(relayed).toBeLessThanOrEqual(50 * 1024 * 1024);
    });
  });
});

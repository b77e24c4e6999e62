import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { interactions, organization } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { callDisplay } from "@/features/interactions/call-display";
import { anonymiseAccountInteractions } from "@/features/interactions/retention.server";
import { CallRow } from "@/features/interactions/components/call-row";
import type { InteractionDetail, InteractionPage } from "@/features/interactions/interaction-view";
import * as list from "@app/api/interactions/route";
import * as detail from "@app/api/interactions/[id]/route";
import * as csvExport from "@app/api/interactions/export.csv/route";
import CallPage from "@app/(portal)/calls/[id]/page";
import AppointmentsPage from "@app/(portal)/calls/appointments/page";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "./interactions-fixtures";
import { deliverRetell, retellFixture, retellRows, withRetellKey } from "./retell-helpers";
import { markupText } from "./markup-text";

/**
 * Issue 23, "Calls read as people speak" (ADR 0117, 0118): times in the
 * account's time zone (the browser's until it is set), numbers in national
 * format, the caller's name from ingestion and Retell's analysis, the
 * Appointments view, and the call-log CSV's new columns.
 */

// The request the pages render for: its cookie (the session and the browser's zone).
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => {
    const pairs = (request.headers.get("cookie") ?? "").split(";").map((p) => p.trim().split("="));
    return {
      get: (name: string) => {
        const v = pairs.find(([k]) => k === name)?.[1];
        return v === undefined ? undefined : { name, value: v };
      },
      getAll: () => [],
    };
  },
}));
vi.mock("next/navigation", async (importOriginal) => ({ ...(await importOriginal<object>()), useRouter: () => ({ refresh: () => undefined, push: () => undefined }) }));

type Customer = Awaited<ReturnType<typeof customerWithAiEmployee>>;
let admin: TestUser;
let key: string;
let clinic: Customer;
let other: Customer;
withRetellKey();

const text = markupText;

async function render(element: Promise<unknown>): Promise<string> {
  return renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, (await element) as ReactElement));
}

async function renderAs(cookie: string, page: () => Promise<unknown>): Promise<string> {
  request.headers = new Headers({ cookie });
  return render(page());
}

async function ingest(records: Record<string, unknown>[]): Promise<IngestAnswer["results"]> {
  const res = await postInteractions(key, { interactions: records });
  expect(res.status).toBe(200);
  return ((await res.json()) as IngestAnswer).results;
}

async function storedId(externalId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: interactions.id }).from(interactions).where(eq(interactions.externalId, externalId));
  return row!.id;
}

const setZone = async (accountId: string, timeZone: string) => (await getDb()).update(organization).set({ timeZone }).where(eq(organization.id, accountId)).returning({ id: organization.id });

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  admin = await createUser({ role: "admin" });
  key = await newApiKey(admin);
  clinic = await customerWithAiEmployee({ phone: "+1 (415) 555-0142" });
  other = await customerWithAiEmployee();
});

describe("callerName in the ingestion record", () => {
  it("is stored trimmed, blank is none, and the call log shows it with the number in national format", async () => {
    const named = phoneRecord(clinic.orderId, { callerName: "  Ana Lopez  ", from: "+15550102299" });
    const blank = phoneRecord(clinic.orderId, { callerName: "   " });
    const results = await ingest([named, blank]);
    expect(results.map((r) => r.status)).toEqual(["created", "created"]);
    const db = await getDb();
    const [a] = await db
      .select()
      .from(interactions)
      .where(eq(interactions.externalId, named.id as string));
    const [b] = await db
      .select()
      .from(interactions)
      .where(eq(interactions.externalId, blank.id as string));
    expect(a!.callerName).toBe("Ana Lopez");
    expect(b!.callerName).toBeNull();

    const page = (await (await call(list.GET, { path: "/api/interactions", cookie: clinic.user.cookie })).json()) as InteractionPage;
    const item = page.items.find((i) => i.id === a!.id)!;
    expect(item.callerName).toBe("Ana Lopez");
    const one = (await (await call(detail.GET, { path: `/api/interactions/${a!.id}`, params: { id: a!.id }, cookie: clinic.user.cookie })).json()) as InteractionDetail;
    expect(one.callerName).toBe("Ana Lopez");

    const row = text(renderToStaticMarkup(createElement(CallRow, { item, display: callDisplay("America/Chicago", null) })));
    expect(row).toContain("Caller Ana Lopez (555) 010-2299");
    const unnamed = page.items.find((i) => i.id === b!.id)!;
    expect(text(renderToStaticMarkup(createElement(CallRow, { item: unnamed, display: callDisplay("America/Chicago", null) })))).toContain("Caller (555) 010-0200");
  });

  it("refuses a name over 100 characters or on two lines, naming the field, and stores nothing for it", async () => {
    const long = phoneRecord(clinic.orderId, { callerName: "A".repeat(101) });
    const twoLines = phoneRecord(clinic.orderId, { callerName: "Ana\nLopez" });
    const notText = phoneRecord(clinic.orderId, { callerName: 42 });
    const results = await ingest([long, twoLines, notText]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(results[0]!.message).toBe("callerName: must be at most 100 characters");
    expect(results[1]!.message).toBe("callerName: must be one line, without control characters");
    expect(results[2]!.message).toBe("callerName: must be text");
    const db = await getDb();
    for (const r of [long, twoLines, notText])
      expect(
        await db
          .select()
          .from(interactions)
          .where(eq(interactions.externalId, r.id as string)),
      ).toHaveLength(0);
  });

  it("is personal data: anonymising the account's calls clears it with the numbers", async () => {
    const owner = await customerWithAiEmployee();
    const r = phoneRecord(owner.orderId, { callerName: "Private Person" });
    await ingest([r]);
    const db = await getDb();
    expect(await db.transaction((tx) => anonymiseAccountInteractions(tx, owner.user.id))).toBe(1);
    const [row] = await db
      .select()
      .from(interactions)
      .where(eq(interactions.externalId, r.id as string));
    expect(row).toMatchObject({ callerName: null, fromNumber: null });
  });
});

describe("callerName from Retell's call analysis", () => {
  const analysis = (name: unknown) => ({ call_summary: "Booked a water heater repair.", in_voicemail: false, custom_analysis_data: { caller_name: name, appointment_booked: true } });

  it("call_analyzed after call_ended adds the caller's name to the stored call", async () => {
    const ended = retellFixture("call-ended-inbound", clinic.orderId, { call_id: "call_named_later" });
    expect((await (await deliverRetell(JSON.stringify(ended))).json()) as object).toMatchObject({ status: "created" });
    expect((await retellRows("call_named_later"))[0]!.callerName).toBeNull();
    const analyzed = retellFixture("call-analyzed-inbound", clinic.orderId, { call_id: "call_named_later", call_analysis: analysis(" Maria Gonzalez ") });
    expect((await (await deliverRetell(JSON.stringify(analyzed))).json()) as object).toMatchObject({ status: "updated" });
    const rows = await retellRows("call_named_later");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.callerName).toBe("Maria Gonzalez");
  });

  it("call_analyzed alone stores the call with the name; a long name is cut, not a refused call", async () => {
    const analyzed = retellFixture("call-analyzed-inbound", clinic.orderId, { call_id: "call_named_first", call_analysis: analysis(`Dr. ${"B".repeat(150)}`) });
    expect((await (await deliverRetell(JSON.stringify(analyzed))).json()) as object).toMatchObject({ status: "created" });
    const [row] = await retellRows("call_named_first");
    expect(row!.callerName).toBe(`Dr. ${"B".repeat(96)}`);
    // No name in the analysis: none stored.
    const plain = retellFixture("call-analyzed-inbound", clinic.orderId, { call_id: "call_unnamed" });
    await deliverRetell(JSON.stringify(plain));
    expect((await retellRows("call_unnamed"))[0]!.callerName).toBeNull();
  });
});

describe("times in the account's time zone", () => {
  let id: string;
  beforeAll(async () => {
    const r = phoneRecord(clinic.orderId, {
      startedAt: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 11) + "21:50:00Z",
      from: "+442079460958",
      to: "+14155550142",
      callerName: "Tom Baker",
    });
    await ingest([r]);
    id = await storedId(r.id as string);
  });
  const detailPage = (cookie: string) => renderAs(cookie, () => CallPage({ params: Promise.resolve({ id }) } as never));

  it("the call page shows the call's time in the zone set in business details, named once, and foreign numbers internationally", async () => {
    expect(await setZone(clinic.user.id, "America/Chicago")).toHaveLength(1);
    const page = text(await detailPage(clinic.user.cookie));
    // 21:50 UTC is 15:50 in Chicago (CST) — today's page said "21:50 UTC".
    expect(page).toMatch(/\b15:50\b/);
    expect(page).not.toMatch(/21:50/);
    expect(page).not.toContain("UTC");
    expect(page.match(/Times are in Central Time \(America\/Chicago\)\./g)).toHaveLength(1);
    expect(page).toContain("From +44 20 7946 0958");
    expect(page).toContain("To (415) 555-0142");
  });

  it("until the zone is set: the browser's zone from its cookie, with the numbers of that zone's country", async () => {
    expect(await setZone(clinic.user.id, "UTC")).toHaveLength(1);
    const page = text(await detailPage(`${clinic.user.cookie}; tz=Europe%2FLondon`));
    expect(page).toMatch(/\b21:50\b/);
    expect(page).toContain("Times are in United Kingdom Time (Europe/London), this browser's time zone.");
    expect(page).toContain("Set your business's time zone");
    expect(page).toContain("From 020 7946 0958");
    // A cookie that names no zone is ignored: UTC, said so.
    const bad = text(await detailPage(`${clinic.user.cookie}; tz=Mars%2FOlympus`));
    expect(bad).toContain("Times are in Coordinated Universal Time (UTC).");
  });
});

describe("the Appointments view", () => {
  let booked: string;
  let notBooked: string;
  let othersBooked: string;
  beforeAll(async () => {
    const mine = phoneRecord(clinic.orderId, { appointmentBooked: true, callerName: "Jane Roe", from: "+15550107777", summary: "Booked a cleaning on Friday" });
    const plain = phoneRecord(clinic.orderId, { appointmentBooked: false, summary: "Asked about parking" });
    const theirs = phoneRecord(other.orderId, { appointmentBooked: true, callerName: "Someone Else", summary: "Booked elsewhere" });
    await ingest([mine, plain, theirs]);
    [booked, notBooked, othersBooked] = await Promise.all([storedId(mine.id as string), storedId(plain.id as string), storedId(theirs.id as string)]);
    await setZone(clinic.user.id, "America/New_York");
  });
  const appointmentsAs = (cookie: string, cursor?: string) => renderAs(cookie, () => AppointmentsPage({ searchParams: Promise.resolve(cursor ? { cursor } : {}) } as never));

  it("lists the account's booked appointments with the caller, the time and a link to the call; never another account's", async () => {
    const html = await appointmentsAs(clinic.user.cookie);
    const page = text(html);
    expect(page).toContain("Jane Roe");
    expect(page).toContain("(555) 010-7777");
    expect(html).toContain(`href="/calls/${booked}"`);
    expect(html).toContain('href="tel:+15550107777"');
    expect(html).not.toContain(notBooked);
    expect(page).not.toContain("Asked about parking");
    expect(html).not.toContain(othersBooked);
    expect(page).not.toContain("Someone Else");
    expect(page.match(/Times are in Eastern Time \(America\/New York\)\./g)).toHaveLength(1);

    const theirs = text(await appointmentsAs(other.user.cookie));
    expect(theirs).toContain("Someone Else");
    expect(theirs).not.toContain("Jane Roe");
  });

  it("another account's call, linked from nowhere, is a 404 on the call page", async () => {
    request.headers = new Headers({ cookie: other.user.cookie });
    await expect(CallPage({ params: Promise.resolve({ id: booked }) } as never)).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
  });

  it("pages a few at a time: the older page holds the rest, each appointment once", async () => {
    const more = Array.from({ length: 26 }, (_, n) =>
      phoneRecord(clinic.orderId, { appointmentBooked: true, startedAt: new Date(Date.now() - (10 + n) * 3_600_000).toISOString(), callerName: `Patient ${n}` }),
    );
    await ingest(more);
    const first = await appointmentsAs(clinic.user.cookie);
    const cursor = /href="\/calls\/appointments\?cursor=([^"]+)"/.exec(first)?.[1];
    expect(cursor).toBeTruthy();
    const second = await appointmentsAs(clinic.user.cookie, decodeURIComponent(cursor!));
    const names = (html: string) => [...html.matchAll(/(Patient \d+)<\/h2>/g)].map((m) => m[1]);
    const all = [...names(first), ...names(second)];
    expect(new Set(all).size).toBe(26);
    expect(all).toHaveLength(26);
    expect(text(second)).toContain("Newest appointments");
  });

  it("a hand-edited cursor goes back to the first page", async () => {
    await expect(appointmentsAs(clinic.user.cookie, "not-a-cursor")).rejects.toThrow(/NEXT_REDIRECT/);
  });
});

describe("the call-log CSV", () => {
  it("has caller name, appointment booked and tags columns, and numbers as the account's country writes them", async () => {
    const r = phoneRecord(other.orderId, { callerName: "=Evil Name", appointmentBooked: true, tags: ["urgent", "new patient"], from: "+15550103333", to: "+442079460958" });
    await ingest([r]);
    const res = await call(csvExport.GET, { path: "/api/interactions/export.csv", cookie: other.user.cookie });
    expect(res.status).toBe(200);
    const body = await res.text();
    const [header, ...lines] = body.trimEnd().split("\r\n");
    expect(header).toBe("id,started_at,channel,direction,outcome,ai_employee,caller_name,from,to,duration_seconds,agent_messages,units,unit_rule,spam_reported,appointment_booked,tags,summary");
    const rowId = await storedId(r.id as string);
    const line = lines.find((l) => l.startsWith(`${rowId},`))!;
    // The name's formula neutralised; national number as text; a foreign number international, guarded; yes; tags.
    expect(line).toContain(",'=Evil Name,(555) 010-3333,'+44 20 7946 0958,95,,1,call,,yes,\"urgent; new patient\",");
    expect(body).not.toMatch(/(^|,)"?=/m);
  });
});

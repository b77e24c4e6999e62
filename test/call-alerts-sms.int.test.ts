import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { callNotifications, organization, smsMessages } from "@/db/schema";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { callAlertJob } from "@/features/call-alerts/call-alert-job.server";
import { MAX_SMS_LENGTH } from "@/features/sms/port";
import * as rulesRoute from "@app/api/notification-rules/route";
import { call, createUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "./interactions-fixtures";
import { startTwilioFake, TEST_TWILIO_ACCOUNT, setTwilioSettings, type TwilioFake } from "./twilio-fake";

/**
 * Issue 25: a notification rule's SMS, end to end, through the real SMS port
 * and Twilio's Messages API (the loopback fake, which enforces Twilio's
 * documented rules): the call's record comes in through ingestion, the
 * notification job queues the SMS, the SMS delivery job sends it to Twilio
 * once, in E.164, within 320 characters, with the call's link. A number that
 * replied STOP gets nothing more.
 */

const FROM = TEST_TWILIO_ACCOUNT.from;

let fake: TwilioFake;
let key: string;

beforeAll(async () => {
  fake = await startTwilioFake(TEST_TWILIO_ACCOUNT);
  setTwilioSettings(fake);
  await startJobs({ jobs: [usageAlertsJob, callAlertJob], workers: false });
  key = await newApiKey(await createUser({ role: "admin" }));
});
afterAll(async () => {
  setTwilioSettings(null);
  await fake?.stop();
});

/** A mobile number no other test uses. */
const mobile = () => `+1415${String(randomInt(2_000_000, 9_999_999))}`;

async function smsRule(cookie: string, to: string): Promise<void> {
  const res = await call(rulesRoute.POST, {
    method: "POST",
    path: "/api/notification-rules",
    cookie,
    body: { name: `Texts ${randomUUID().slice(0, 6)}`, channel: "sms", condition: "every_call", extraRecipients: [to] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe("a rule's SMS through Twilio", () => {
  it("is sent once per call, in E.164, within 320 characters, with the call's link; a repeated record sends nothing more", async () => {
    const c = await customerWithAiEmployee();
    const db = await getDb();
    expect(await db.update(organization).set({ timeZone: "UTC" }).where(eq(organization.id, c.user.id)).returning({ id: organization.id })).toHaveLength(1);
    const to = mobile();
    await smsRule(c.user.cookie, to);
    const record = phoneRecord(c.orderId, { from: "+12125550142", callerName: "Rosa Martinez", summary: `Furnace stopped; ${"very ".repeat(80)}cold house.` });

    expect((await postInteractions(key, { interactions: [record] })).status).toBe(200);
    await drainJobs();
    const sent = fake.messages.filter((m) => m.to === to);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.from).toBe(FROM);
    expect(sent[0]!.body.length).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(sent[0]!.body).toMatch(/\/calls\/[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toContain("Rosa Martinez");
    const rows = await db.select().from(smsMessages).where(eq(smsMessages.to, to));
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
    expect(rows[0]!.providerSid).toMatch(/^SM[0-9a-f]{32}$/);

    // The platform sends the same record again: no second SMS.
    expect((await postInteractions(key, { interactions: [record] })).status).toBe(200);
    await drainJobs();
    expect(fake.messages.filter((m) => m.to === to)).toHaveLength(1);
  });

  it("a number that replied STOP is learnt from Twilio's 21610 and gets no further SMS", async () => {
    const c = await customerWithAiEmployee();
    const to = mobile();
    await smsRule(c.user.cookie, to);
    fake.optOut(to);
    expect((await postInteractions(key, { interactions: [phoneRecord(c.orderId, { summary: "First call" })] })).status).toBe(200);
    await drainJobs();
    const db = await getDb();
    expect((await db.select().from(smsMessages).where(eq(smsMessages.to, to))).map((r) => r.status)).toEqual(["opted_out"]);

    const before = fake.requests.length;
    expect((await postInteractions(key, { interactions: [phoneRecord(c.orderId, { summary: "Second call" })] })).status).toBe(200);
    await drainJobs();
    // Told once per call all the same (call_notifications), but nothing more reached Twilio.
    expect(fake.requests.filter((r) => r.params.To === to).length).toBe(fake.requests.slice(0, before).filter((r) => r.params.To === to).length);
    const told = await db.select().from(callNotifications).where(eq(callNotifications.recipient, to));
    expect(told).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { EVENT_DATA_SCHEMAS } from "@/features/webhooks/events.schema";
import * as endpointsRoute from "@app/api/webhook-endpoints/route";
import * as reportSpamRoute from "@app/api/interactions/[id]/report-spam/route";
import * as interactionRoute from "@app/api/interactions/[id]/route";
import { call, createUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "./interactions-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

/**
 * Issue 25, nothing mocked: an owner adds an endpoint through the API; the
 * platform posts a call through the ingestion API; the delivery job signs and
 * sends `call.completed` (and `appointment.booked`) to a real receiver, which
 * verifies it with the endpoint's secret; the payload carries no transcript,
 * and its API link reads the call with the transcript. Reporting it as spam
 * sends `call.updated`. Another account's endpoint hears nothing.
 */

let receiver: WebhookReceiver;
let other: WebhookReceiver;
let key: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  other = await startWebhookReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = `${receiver.host},${other.host}`;
  resetConfigForTests();
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  key = await newApiKey(await createUser({ role: "admin" }));
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  resetConfigForTests();
  await receiver?.close();
  await other?.close();
});

async function addEndpoint(cookie: string, url: string, eventTypes: string[]): Promise<string> {
  const res = await call(endpointsRoute.POST, { method: "POST", path: "/api/webhook-endpoints", cookie, body: { url, description: "CRM", eventTypes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { secret: string }).secret;
}

describe("a call reaches the customer's endpoint, signed", () => {
  it("call.completed and appointment.booked on ingestion, call.updated on a spam report; another account hears nothing", async () => {
    const c = await customerWithAiEmployee();
    const d = await customerWithAiEmployee();
    receiver.setSecrets([await addEndpoint(c.user.cookie, receiver.url, ["call.completed", "call.updated", "appointment.booked"])]);
    other.setSecrets([await addEndpoint(d.user.cookie, other.url, ["call.completed", "call.updated", "appointment.booked"])]);

    const record = phoneRecord(c.orderId, { appointmentBooked: true, callerName: "Dana Whitfield" });
    const res = await postInteractions(key, { interactions: [record] });
    expect(res.status).toBe(200);
    const [answer] = ((await res.json()) as IngestAnswer).results;
    expect(answer!.status).toBe("created");
    await drainJobs();

    const types = receiver.received.map((r) => r.payload?.type).sort();
    expect(types).toEqual(["appointment.booked", "call.completed"]);
    expect(receiver.received.every((r) => r.verified && r.status === 200)).toBe(true);
    expect(other.received).toHaveLength(0);
    const completed = receiver.received.find((r) => r.payload?.type === "call.completed")!;
    const data = EVENT_DATA_SCHEMAS["call.completed"].parse(completed.payload!.data);
    expect(data.aiEmployeeId).toBe(c.orderId);
    expect(data.callerName).toBe("Dana Whitfield");
    expect(data.appointmentBooked).toBe(true);
    expect(completed.body).not.toContain("transcript");
    expect(completed.body).not.toContain("My furnace stopped working");
    expect(Buffer.byteLength(completed.body)).toBeLessThan(20 * 1024);

    // The API link reads the call, transcript included, for a member of the account.
    const read = await call(interactionRoute.GET, { path: `/api/interactions/${data.id}`, cookie: c.user.cookie, params: { id: data.id } });
    expect(read.status).toBe(200);
    expect(JSON.stringify(await read.json())).toContain("My furnace stopped working");
    expect(new URL(data.links.api).pathname).toBe(`/api/interactions/${data.id}`);

    // Reported as spam: call.updated with the change, once.
    const spam = await call(reportSpamRoute.POST, { method: "POST", path: `/api/interactions/${data.id}/report-spam`, cookie: c.user.cookie, params: { id: data.id } });
    expect(spam.status, await spam.clone().text()).toBe(200);
    await drainJobs();
    const updated = receiver.received.filter((r) => r.payload?.type === "call.updated");
    expect(updated).toHaveLength(1);
    expect(EVENT_DATA_SCHEMAS["call.updated"].parse(updated[0]!.payload!.data).changes).toEqual(["spam"]);
    // Every delivery once: no webhook-id twice.
    expect(new Set(receiver.ids()).size).toBe(receiver.received.length);
    expect(other.received).toHaveLength(0);
  });
});

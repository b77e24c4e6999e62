import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import * as notices from "@app/api/notices/route";
import * as read from "@app/api/notices/[id]/read/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "./interactions-fixtures";

/** Issue 13: the usage alerts' in-app notices, shown on the dashboard until the customer dismisses them (ADR 0147). */

let key: string;

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  key = await newApiKey(await createUser({ role: "admin" }));
});

type Answer = { notices: { id: string; kind: string; title: string; message: string; createdAt: string }[] };

async function noticesOf(u: TestUser): Promise<Answer["notices"]> {
  const res = await call(notices.GET, { path: "/api/notices", cookie: u.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as Answer).notices;
}

const dismiss = (u: TestUser | null, id: string) => call(read.PUT, { method: "PUT", path: `/api/notices/${id}/read`, params: { id }, cookie: u?.cookie });

/** `n` answered calls of 3 units each (400 s). */
const calls = (orderId: string, n: number) => ({ interactions: Array.from({ length: n }, () => phoneRecord(orderId, { durationSeconds: 400 })) });

describe("in-app notices", () => {
  it("lists the caller's unread usage alerts, newest first, until each is dismissed", async () => {
    const c = await customerWithAiEmployee({ planId: "small" }); // 120 units
    const other = await customerWithAiEmployee({ planId: "small" });
    expect(await noticesOf(c.user)).toEqual([]);

    await postInteractions(key, calls(c.orderId, 33)); // 99 units: 82.5%
    await drainJobs();
    const [eighty, ...none] = await noticesOf(c.user);
    expect(none).toEqual([]);
    expect(eighty).toMatchObject({ kind: "usage-alert", title: "80% of this month's units used" });
    expect(eighty!.message).toMatch(/^99 of 120 units used this month \(until .+\)\.$/);

    await postInteractions(key, calls(c.orderId, 7)); // 120 units: 100%
    await drainJobs();
    const [hundred] = await noticesOf(c.user);
    expect(hundred).toMatchObject({ title: "All included units used" });
    expect(hundred!.message).toMatch(/^120 of 120 units used this month \(until .+\)\. Further units are billed at your plan's extra-unit price\.$/);
    expect((await noticesOf(c.user)).map((n) => n.title)).toEqual(["All included units used", "80% of this month's units used"]);
    expect(await noticesOf(other.user)).toEqual([]);

    // Another customer can neither see nor dismiss it; nor can an anonymous caller.
    expect((await dismiss(other.user, eighty!.id)).status).toBe(404);
    expect((await dismiss(null, eighty!.id)).status).toBe(401);
    expect((await dismiss(c.user, "no-such-notice")).status).toBe(404);
    expect(await noticesOf(c.user)).toHaveLength(2);

    const res = await dismiss(c.user, eighty!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: eighty!.id, read: true });
    expect((await dismiss(c.user, eighty!.id)).status).toBe(200); // idempotent
    expect((await noticesOf(c.user)).map((n) => n.title)).toEqual(["All included units used"]);
  });

  it("tells a customer in the free trial that the trial's extra units are not billed", async () => {
    const c = await customerWithAiEmployee({ planId: "small", status: "trialing", trialEnd: new Date(Date.now() + 10 * 86_400_000), createdAt: new Date(Date.now() - 4 * 86_400_000) });
    await postInteractions(key, calls(c.orderId, 41)); // 123 units
    await drainJobs();
    const shown = await noticesOf(c.user);
    expect(shown.map((n) => n.title)).toEqual(["All included units used", "80% of this month's units used"]);
    for (const n of shown) expect(n.message).toMatch(/^123 of 120 units used this month \(until .+\)\. Units beyond the plan are not billed during your free trial\.$/);
    // The e-mails say the same.
    const db = await getDb();
    const mails = await db
      .select({ text: emailMessages.text })
      .from(emailMessages)
      .where(and(eq(emailMessages.to, c.user.email), eq(emailMessages.kind, "usage-alert")));
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.text).toContain("units beyond the plan are not billed during your free trial");
  });
});

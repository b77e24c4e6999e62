import { addMonths } from "date-fns";
import { beforeAll, describe, expect, it } from "vitest";
import { getInsights, readInsights } from "@/features/insights/insights.server";
import { subscriptionSummary } from "@/features/usage/subscription-summary.server";
import { setAccountFields } from "./account-helpers";
import { createUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "./interactions-fixtures";
import { statementsDuring } from "./statement-spy";

/**
 * Issue 27: /insights reads the usage month and the summary's subscription
 * with its rollups in two statements (readInsights), given the account's
 * stored zone from the session; the figures are getInsights', which reads
 * the zone itself.
 */

const DAY = 86_400_000;
const ZONE = "Pacific/Kiritimati"; // UTC+14: a call at 11:00 UTC is the next local day.

describe("readInsights", () => {
  let c: Awaited<ReturnType<typeof customerWithAiEmployee>>;
  let callDay: string;
  beforeAll(async () => {
    const createdAt = new Date(Date.now() - 10 * DAY);
    c = await customerWithAiEmployee({ planId: "small", billing: "annual", createdAt, period: { start: createdAt, end: addMonths(createdAt, 12) } });
    await setAccountFields(c.user.id, { timeZone: ZONE });
    const admin = await createUser({ role: "admin" });
    const startedAt = new Date(Date.now() - 3 * DAY);
    startedAt.setUTCHours(11, 0, 0, 0);
    callDay = new Date(startedAt.getTime() + DAY).toISOString().slice(0, 10);
    const answer = await postInteractions(await newApiKey(admin), { interactions: [phoneRecord(c.orderId, { durationSeconds: 400, startedAt: startedAt.toISOString() })] });
    expect(answer.status).toBe(200);
  });

  it("answers getInsights' figures and the summary's subscription in two statements; the month's days are the account's", async () => {
    const now = new Date();
    let read: Awaited<ReturnType<typeof readInsights>> | undefined;
    const statements = await statementsDuring(async () => {
      read = await readInsights(c.user.id, {}, { timeZone: "UTC", now, accountTimeZone: ZONE });
    });
    expect(statements).toHaveLength(2);
    expect(read!.insights).toEqual(await getInsights(c.user.id, {}, { timeZone: "UTC", now }));
    // The call's units, all on its day in the account's zone (the day after its UTC day).
    const month = read!.insights.month!;
    expect(month.unitsUsed).toBeGreaterThan(0);
    expect(month.days.find((d) => d.date === callDay)?.units).toBe(month.unitsUsed);
    const summary = await subscriptionSummary(c.user.id);
    expect(read!.summarySubscription).toMatchObject({ id: summary!.id, planId: summary!.plan.id, billing: "annual" });
  });

  it("with the AI employee: its subscription's month, the same units", async () => {
    const now = new Date();
    const all = await readInsights(c.user.id, {}, { timeZone: "UTC", now, accountTimeZone: ZONE });
    const one = await readInsights(c.user.id, { aiEmployeeId: c.orderId }, { timeZone: "UTC", now, accountTimeZone: ZONE });
    expect(one.insights.month).toEqual(all.insights.month);
    const other = await customerWithAiEmployee();
    await expect(readInsights(c.user.id, { aiEmployeeId: other.orderId }, { timeZone: "UTC", now })).rejects.toMatchObject({ status: 404 });
  });
});

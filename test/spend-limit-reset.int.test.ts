import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/features/ai-settings/platform-sync.server", async (original) => ({ ...(await original<object>()), enqueueSettingsPush: vi.fn(async () => {}) }));

import { enqueueJob } from "@/lib/jobs";
import { getDb } from "@/lib/db";
import { drainJobs } from "@/lib/jobs/testing.server";
import { enqueueSettingsPush } from "@/features/ai-settings/platform-sync.server";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { resetSpendMonths, spendMonthResetJob } from "@/features/interactions/spend-month-reset.server";
import { spendLimitLines } from "@/features/interactions/spend-status.server";
import { POST as advanceClock } from "@app/api/admin/sandbox-clock/route";
import { call, type TestUser } from "./http-helpers";
import { adminKeyWithJobs, customerWithAiEmployee, phoneRecord, postInteractions } from "./interactions-fixtures";
import { setSpendLimit, spendEmails, spendNotices, spendState } from "./spend-limit-fixtures";

/** Issue 24: messages only ends with its usage month; the every-minute job switches back by the product's (sandbox) clock. */

let admin: TestUser;
let key: string;

beforeAll(async () => {
  ({ admin, key } = await adminKeyWithJobs([usageAlertsJob, spendMonthResetJob]));
});

const pushes = (orderId: string) =>
  vi
    .mocked(enqueueSettingsPush)
    .mock.calls.filter((c) => c[1] === orderId)
    .map((c) => c[2].replace(/^(spend:[a-z_]+):.*$/, "$1"));

describe("the next usage month", () => {
  it("switches back within the job's minute: push, e-mail, notice; the dashboard no longer says messages only", async () => {
    const c = await customerWithAiEmployee({ planId: "small" });
    await setSpendLimit(c.orderId, { mode: "messages_at_limit", capCents: null });
    await postInteractions(key, { interactions: Array.from({ length: 40 }, () => phoneRecord(c.orderId, { durationSeconds: 400 })) });
    await drainJobs();
    expect((await spendState(c.orderId)).mode).toBe("messages_only");

    // Still this month: the job leaves it.
    expect(await resetSpendMonths()).toBe(0);
    expect((await spendState(c.orderId)).mode).toBe("messages_only");

    // The sandbox clock moves into the next usage month (the subscription's month runs from its start, 40 days ago).
    const moved = await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: admin.cookie, body: { days: 25 } });
    expect(moved.status).toBe(200);
    // The scheduled job's run.
    await enqueueJob(await getDb(), spendMonthResetJob, {}, { idempotencyKey: "spend-month-reset-test" });
    await drainJobs();
    const state = await spendState(c.orderId);
    expect(state.mode).toBe("normal");
    expect(state.monthStart).toBeNull();
    expect(pushes(c.orderId)).toEqual(["spend:messages_only", "spend:normal"]);
    expect(await spendEmails([c.user.email])).toEqual([`${c.user.email}: Nova is answering calls normally again`, `${c.user.email}: Spend limit reached: Nova is taking messages only`]);
    expect(await spendNotices(c.user.id)).toEqual(["Nova is answering calls normally again", "Spend limit reached: Nova is taking messages only"]);
    expect(await spendLimitLines(c.user.id)).toEqual([{ aiEmployeeId: c.orderId, name: "Nova", messagesOnlyUntil: null, limitText: "take messages only at 100%" }]);

    // Run again: nothing more.
    expect(await resetSpendMonths()).toBe(0);
    expect(pushes(c.orderId)).toHaveLength(2);
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";

// The push itself is helper B's (platform-sync.server.ts): here, which pushes the switch asks for.
vi.mock("@/features/ai-settings/platform-sync.server", async (original) => ({ ...(await original<object>()), enqueueSettingsPush: vi.fn(async () => {}) }));

import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { formatDate } from "@/lib/format";
import { getProvider } from "@/features/billing/provider";
import { enqueueSettingsPush } from "@/features/ai-settings/platform-sync.server";
import { applySpendLimit } from "@/features/ai-settings/spend-mode.server";
import { SpendModeCard } from "@/features/ai-settings/components/spend-mode-card";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { checkSpendLimit, checkSpendLimitNow, reevaluateSpendLimit } from "@/features/interactions/spend-limit-check.server";
import { spendLimitLines } from "@/features/interactions/spend-status.server";
import { usageAnchor, usageMonth } from "@/features/usage/usage-month";
import { memberOf } from "./account-helpers";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "./interactions-fixtures";
import { setBillingEmail, setSpendLimit, spendEmails, spendNotices, spendState } from "./spend-limit-fixtures";
import { json } from "./ai-settings-helpers";
import type { SettingsDocument } from "@/features/ai-settings/settings.schema";
import type { SettingsResponse } from "@/features/ai-settings/settings-response";
import * as settingsRoute from "@app/api/ai-employees/[id]/settings/route";

/** Issue 24: the spend limit switches an AI employee to messages only when an ingested batch crosses it, and back. */

let key: string;

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  const admin: TestUser = await createUser({ role: "admin" });
  key = await newApiKey(admin);
});

const REACHED = "Spend limit reached: Nova is taking messages only";
const BACK = "Nova is answering calls normally again";

/** `n` answered calls of 3 units each (400 s). */
const calls = (orderId: string, n: number) => Array.from({ length: n }, () => phoneRecord(orderId, { durationSeconds: 400 }));

/** The pushes asked for the AI employee, as "spend:<mode>". */
const pushes = (orderId: string) =>
  vi
    .mocked(enqueueSettingsPush)
    .mock.calls.filter((c) => c[1] === orderId)
    .map((c) => c[2].replace(/^(spend:[a-z_]+):.*$/, "$1"));

/** A Small-plan customer (120 units, extra units $1.98) with a second owner, a staff member and a billing e-mail. */
async function customer(spendLimit: SettingsDocument["spendLimit"], opts: Parameters<typeof customerWithAiEmployee>[0] = {}) {
  const createdAt = opts.createdAt ?? new Date(Date.now() - 40 * 86_400_000);
  const c = await customerWithAiEmployee({ planId: "small", ...opts, createdAt });
  await setSpendLimit(c.orderId, spendLimit);
  const owner2 = await memberOf(c.user.id, "owner");
  const staff = await memberOf(c.user.id, "staff");
  const billing = `billing-${c.orderId.slice(0, 8)}@example.com`;
  await setBillingEmail(c.user.id, billing);
  const everyone = [billing, c.user.email, owner2.email, staff.email];
  const month = usageMonth(usageAnchor({ trialEnd: opts.trialEnd ?? null, createdAt }), await (await getProvider()).now());
  return { ...c, createdAt, owner2, staff, billing, everyone, month, told: (subject: string) => [billing, c.user.email, owner2.email].map((to) => `${to}: ${subject}`).sort() };
}

async function ingest(orderId: string, n: number) {
  const res = await postInteractions(key, { interactions: calls(orderId, n) });
  expect(res.status).toBe(200);
  await drainJobs();
}

describe("messages only at 100%", () => {
  it("switches when a batch reaches the plan's units: push, e-mails to the billing address and every owner, a notice, the dashboard; once", async () => {
    const c = await customer({ mode: "messages_at_limit", capCents: null });
    await ingest(c.orderId, 39); // 117 of 120 units
    expect((await spendState(c.orderId)).mode).toBe("normal");
    expect(pushes(c.orderId)).toEqual([]);
    expect(await spendEmails(c.everyone)).toEqual([]);
    expect(await spendLimitLines(c.user.id)).toEqual([{ aiEmployeeId: c.orderId, name: "Nova", messagesOnlyUntil: null, limitText: "take messages only at 100%" }]);

    await ingest(c.orderId, 1); // 120: the line
    const state = await spendState(c.orderId);
    expect(state.mode).toBe("messages_only");
    expect(state.monthStart?.toISOString()).toBe(c.month.start.toISOString());
    expect(state.until?.toISOString()).toBe(c.month.end.toISOString());
    expect(pushes(c.orderId)).toEqual(["spend:messages_only"]);
    // The staff member is not e-mailed; the billing address and both owners are, once each.
    expect(await spendEmails(c.everyone)).toEqual(c.told(REACHED));
    expect(await spendNotices(c.user.id)).toEqual([REACHED]);

    // The dashboard says so, with the date it ends and the link to change it.
    const lines = await spendLimitLines(c.user.id);
    expect(lines).toEqual([{ aiEmployeeId: c.orderId, name: "Nova", messagesOnlyUntil: c.month.end.toISOString(), limitText: "take messages only at 100%" }]);
    const html = renderToStaticMarkup(createElement(SpendModeCard, { lines, timeZone: "UTC" }));
    expect(html).toContain(`Spend limit reached: Nova is taking messages only until ${formatDate(c.month.end, { timeZone: "UTC" })}`);
    expect(html).toContain(`href="/ai-employees/${c.orderId}/settings"`);
    expect(html).toContain("Change spend limit");
    // Another account's dashboard does not show it.
    const other = await customerWithAiEmployee();
    expect(await spendLimitLines(other.user.id)).toEqual([]);

    // More calls, and checks at the same time: nothing more.
    await ingest(c.orderId, 2);
    expect(await Promise.all([checkSpendLimitNow(c.subscriptionId!), checkSpendLimitNow(c.subscriptionId!)])).toEqual([0, 0]);
    expect(pushes(c.orderId)).toEqual(["spend:messages_only"]);
    expect(await spendEmails(c.everyone)).toHaveLength(3);
  });

  it("of two batches crossing the line at once, and three checks at once, one switch", async () => {
    const c = await customer({ mode: "messages_at_limit", capCents: null });
    await Promise.all([postInteractions(key, { interactions: calls(c.orderId, 20) }), postInteractions(key, { interactions: calls(c.orderId, 20) })]);
    const switched = await Promise.all([1, 2, 3].map(() => checkSpendLimitNow(c.subscriptionId!)));
    expect(switched.reduce((a, b) => a + b, 0)).toBe(1);
    await drainJobs();
    expect((await spendState(c.orderId)).mode).toBe("messages_only");
    expect(pushes(c.orderId)).toEqual(["spend:messages_only"]);
    expect(await spendEmails(c.everyone)).toEqual(c.told(REACHED));
  });

  it("a save that raises the limit answers normally again at once; lowering it again switches again, each pushed", async () => {
    const c = await customer({ mode: "messages_at_limit", capCents: null });
    await ingest(c.orderId, 41); // 123 units
    expect((await spendState(c.orderId)).mode).toBe("messages_only");

    // The settings page says so, and until when.
    const before = await json<SettingsResponse>(await call(settingsRoute.GET, { path: `/api/ai-employees/${c.orderId}/settings`, params: { id: c.orderId }, cookie: c.user.cookie }));
    expect(before.spendMode).toMatchObject({ messagesOnly: true, until: c.month.end.toISOString() });

    // The owner raises the limit on the settings page: the save's answer is already back to normal.
    const saved = await call(settingsRoute.PUT, {
      method: "PUT",
      path: `/api/ai-employees/${c.orderId}/settings`,
      params: { id: c.orderId },
      cookie: c.user.cookie,
      body: { baseVersion: before.version, settings: { ...before.settings, spendLimit: { mode: "cap", capCents: 5000 } } }, // 3 extra units cost $5.94: below $50
    });
    expect(saved.status).toBe(200);
    expect((await json<SettingsResponse>(saved)).spendMode).toMatchObject({ messagesOnly: false, until: null });
    expect((await spendState(c.orderId)).mode).toBe("normal");
    expect(await spendEmails(c.everyone)).toEqual([...c.told(REACHED), ...c.told(BACK)].sort());
    expect(await spendLimitLines(c.user.id)).toEqual([{ aiEmployeeId: c.orderId, name: "Nova", messagesOnlyUntil: null, limitText: "allow extra units up to $50, then take messages only" }]);

    await setSpendLimit(c.orderId, { mode: "messages_at_limit", capCents: null });
    expect(await reevaluateSpendLimit(c.orderId)).toBe(1);
    expect((await spendState(c.orderId)).mode).toBe("messages_only");
    // The save's own version, then each switch: its own push (not swallowed as a repeat of the first).
    expect(pushes(c.orderId)).toEqual(["spend:messages_only", `version:${before.version + 1}`, "spend:normal", "spend:messages_only"]);
    const reasons = vi
      .mocked(enqueueSettingsPush)
      .mock.calls.filter((x) => x[1] === c.orderId)
      .map((x) => x[2]);
    expect(new Set(reasons).size).toBe(4);
    expect(await spendEmails(c.everyone)).toHaveLength(9);
  });
});

describe("extra units up to an amount", () => {
  it("switches when the extra units' cost reaches the amount, not below it", async () => {
    const c = await customer({ mode: "cap", capCents: 1000 }); // $10 at $1.98 a unit
    await ingest(c.orderId, 41); // 123 units: 3 extra, $5.94
    expect((await spendState(c.orderId)).mode).toBe("normal");
    await ingest(c.orderId, 1); // 126 units: 6 extra, $11.88
    expect((await spendState(c.orderId)).mode).toBe("messages_only");
    expect(pushes(c.orderId)).toEqual(["spend:messages_only"]);
    expect(await spendEmails(c.everyone)).toEqual(c.told(REACHED));
    expect(await spendLimitLines(c.user.id)).toEqual([
      { aiEmployeeId: c.orderId, name: "Nova", messagesOnlyUntil: c.month.end.toISOString(), limitText: "allow extra units up to $10, then take messages only" },
    ]);
  });

  it("never switches in a trial month (its extra units are not billed); messages only at 100% does", async () => {
    const trialEnd = new Date(Date.now() + 20 * 86_400_000);
    const capped = await customer({ mode: "cap", capCents: 100 }, { status: "trialing", trialEnd });
    await ingest(capped.orderId, 50);
    expect((await spendState(capped.orderId)).mode).toBe("normal");
    const strict = await customer({ mode: "messages_at_limit", capCents: null }, { status: "trialing", trialEnd });
    await ingest(strict.orderId, 40);
    expect((await spendState(strict.orderId)).mode).toBe("messages_only");
  });
});

describe("no switch", () => {
  it("bill extra units never switches, nor does the dashboard show a card", async () => {
    const c = await customer({ mode: "bill_extra", capCents: null });
    await ingest(c.orderId, 50); // 150 units
    expect((await spendState(c.orderId)).mode).toBe("normal");
    expect(pushes(c.orderId)).toEqual([]);
    expect(await spendEmails(c.everyone)).toEqual([]);
    expect(await spendLimitLines(c.user.id)).toEqual([]);
    expect(renderToStaticMarkup(createElement(SpendModeCard, { lines: [], timeZone: "UTC" }))).toBe("");
  });

  it("a backfill of an earlier usage month does not switch", async () => {
    const c = await customer({ mode: "messages_at_limit", capCents: null });
    const now = await (await getProvider()).now();
    const earlier = usageMonth(usageAnchor({ trialEnd: null, createdAt: c.createdAt }), new Date(c.month.start.getTime() - 1));
    expect(await applySpendLimit(c.subscriptionId!, earlier, 500_000, now, async () => {})).toBe(0);
    expect(await checkSpendLimit(c.subscriptionId!, [earlier.start])).toBe(0);
    // Records of the earlier month, past the limit, through the API.
    const res = await postInteractions(key, {
      interactions: Array.from({ length: 45 }, () => phoneRecord(c.orderId, { durationSeconds: 400, startedAt: new Date(c.month.start.getTime() - 86_400_000).toISOString() })),
    });
    expect(res.status).toBe(200);
    await drainJobs();
    expect((await spendState(c.orderId)).mode).toBe("normal");
    expect(pushes(c.orderId)).toEqual([]);
  });
});

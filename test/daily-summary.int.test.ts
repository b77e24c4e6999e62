import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { config } from "@/lib/config";
import { jobQueue } from "@/lib/jobs/jobs.server";
import { dailySummaries, interactions, memberNotificationPrefs, organization, subscriptions } from "@/db/schema";
import { usageMonth, usageAnchor } from "@/features/usage/usage-month";
import { dailySummaryJob, runDailySummaries, scheduleDailySummaries } from "@/features/call-alerts/daily-summary.server";
import { readUnsubscribeToken } from "@/features/call-alerts/unsubscribe-token.server";
import { createUser } from "./http-helpers";
import { memberOf } from "./account-helpers";
import { customerWithAiEmployee, insertInteraction } from "./interactions-fixtures";
import { mailsTo } from "./outbox";

/** Issue 25: the daily summary at 08:00 in the account's time zone, about yesterday (ADR 0131). */

type Business = { accountId: string; orderId: string; ownerEmail: string };

async function business(timeZone: string, opts: Parameters<typeof customerWithAiEmployee>[0] = {}): Promise<Business> {
  const c = await customerWithAiEmployee(opts);
  const db = await getDb();
  await db
    .update(organization)
    .set({ timeZone, name: `Shop ${timeZone}` })
    .where(eq(organization.id, c.user.id));
  return { accountId: c.user.id, orderId: c.orderId, ownerEmail: c.user.email };
}

function record(b: Business, startedAt: string | Date, over: Partial<typeof interactions.$inferInsert> = {}): Promise<string> {
  return insertInteraction(b, { startedAt: new Date(startedAt), unitRule: "call", ...over });
}

const summariesTo = (email: string) => mailsTo(email, "daily-summary");

/** Runs the summaries at `offHour`, when none is due for `b`, then at `dueHour`; the one summary `b`'s owner then has. */
async function sentOnlyAt(b: Business, offHour: string, dueHour: string) {
  await runDailySummaries(new Date(offHour));
  expect(await summariesTo(b.ownerEmail)).toHaveLength(0);
  await runDailySummaries(new Date(dueHour));
  const [mail] = await summariesTo(b.ownerEmail);
  return mail!;
}

async function rowsOf(accountId: string) {
  const db = await getDb();
  return db.select().from(dailySummaries).where(eq(dailySummaries.accountId, accountId));
}

async function setPrefs(accountId: string, userId: string, prefs: { dailySummary?: boolean; dailySummaryWhenQuiet?: boolean }) {
  const db = await getDb();
  await db.insert(memberNotificationPrefs).values({ accountId, userId, ...prefs });
}

const base = () => config().baseUrl;

describe("the daily summary", () => {
  it("goes out at 08:00 local time, not at the 07:45 or 08:15 run, with yesterday's calls, missed calls, bookings and units", async () => {
    const b = await business("Europe/Berlin");
    // This usage month's units, as the dashboard counts them (the subscription began 40 days ago).
    const db = await getDb();
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, b.accountId));
    const month = usageMonth(usageAnchor({ trialEnd: sub!.trialEnd, createdAt: sub!.createdAt }), new Date());
    await record(b, new Date(Date.now() - 3_600_000), { unitsMilli: 62_500, subscriptionId: sub!.id, usageMonthStart: month.start });
    // Yesterday (Tuesday 9 June 2026, CEST = UTC+2) in Berlin.
    await record(b, "2026-06-09T07:00:00Z", { outcome: "answered" });
    const voicemail = await record(b, "2026-06-09T16:42:00Z", { outcome: "voicemail", callerName: "Rosa Martinez", fromNumber: "+15550104477" });
    const booked = await record(b, "2026-06-09T08:15:00Z", { appointmentBooked: true, summary: "Booked a cleaning for Tuesday at 9:00" });
    await record(b, "2026-06-09T09:00:00Z", { channel: "chat", outcome: "answered", durationMs: null, agentMessages: 4 });
    const handled = await record(b, "2026-06-09T10:00:00Z", { outcome: "no_answer" });
    await db
      .update(interactions)
      .set({ handledAt: new Date("2026-06-09T11:00:00Z") })
      .where(eq(interactions.id, handled));
    // Not yesterday in Berlin: 23:59:59 the day before, and today.
    await record(b, "2026-06-08T21:59:59Z", { outcome: "busy" });
    await record(b, "2026-06-09T22:00:00Z", { outcome: "busy" });
    // Another account's call in the same hours is not this account's.
    const other = await business("Europe/Berlin");
    await record(other, "2026-06-09T12:00:00Z", { outcome: "voicemail" });

    await runDailySummaries(new Date("2026-06-10T05:45:00Z"));
    await runDailySummaries(new Date("2026-06-10T06:15:00Z"));
    expect(await summariesTo(b.ownerEmail)).toHaveLength(0);
    expect(await rowsOf(b.accountId)).toHaveLength(0);

    await runDailySummaries(new Date("2026-06-10T06:00:00Z"));
    const [mail, ...more] = await summariesTo(b.ownerEmail);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Shop Europe/Berlin: your daily summary for Tuesday, June 9, 2026");
    expect(mail!.text).toContain("4 calls: 2 answered, 1 voicemail, 1 no answer.");
    expect(mail!.text).toContain("1 text conversation (SMS, chat and social).");
    // The handled no-answer call is not listed as one to return.
    expect(mail!.text).toContain("1 missed call or voicemail not yet marked handled, newest first:");
    expect(mail!.text).toContain(`18:42 · Rosa Martinez, +1 555 010 4477 · Voicemail · Open the call ${base()}/calls/${voicemail}`);
    expect(mail!.text).not.toContain(`/calls/${handled}`);
    expect(mail!.text).toContain(`1 appointment booked:`);
    expect(mail!.text).toContain(`10:15 · +1 555 010 0200 · Booked a cleaning for Tuesday at 9:00 · Open the call ${base()}/calls/${booked}`);
    expect(mail!.text).toContain("62.5 of 120 units used this month.");
    expect(mail!.text).toContain(`Change what you receive ${base()}/account/notifications`);
    expect(mail!.html).toContain(`href="${base()}/calls/${voicemail}"`);
    const rows = await rowsOf(b.accountId);
    expect(rows).toEqual([expect.objectContaining({ day: "2026-06-09", status: "sent", emailId: mail!.id })]);
    expect(rows[0]!.counts).toMatchObject({ calls: 4, conversations: 1, missed: 1, bookings: 1, answered: 2, voicemail: 1, no_answer: 1 });
  });

  it("carries a one-click unsubscribe for this member's digest (RFC 8058)", async () => {
    const b = await business("Europe/Lisbon");
    await record(b, "2026-06-09T12:00:00Z");
    await runDailySummaries(new Date("2026-06-10T07:00:00Z"));
    const [mail] = await summariesTo(b.ownerEmail);
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const m = /^<(.+)>$/.exec(mail!.headers?.["List-Unsubscribe"] ?? "");
    const url = new URL(m![1]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${base()}/api/unsubscribe`);
    expect(readUnsubscribeToken(url.searchParams.get("token")!)).toEqual({ kind: "digest", accountId: b.accountId, userId: b.accountId });
    // The footer's link leads to the page (GET changes nothing) with the same token.
    expect(mail!.text).toContain(`unsubscribe from the daily summary ${base()}/unsubscribe?token=${encodeURIComponent(url.searchParams.get("token")!)}`);
  });

  it("covers New York's 23-hour day when the clocks go forward (8 March 2026): sent at 12:00Z, not 13:00Z", async () => {
    const b = await business("America/New_York");
    await record(b, "2026-03-08T04:59:59Z"); // 23:59:59 on 7 March (EST): the day before
    await record(b, "2026-03-08T05:30:00Z"); // 00:30 on 8 March (EST)
    await record(b, "2026-03-09T03:59:00Z"); // 23:59 on 8 March (EDT)
    await record(b, "2026-03-09T04:00:00Z"); // 00:00 on 9 March: today
    // Not at 09:00 EDT; at 08:00 EDT.
    const mail = await sentOnlyAt(b, "2026-03-09T13:00:00Z", "2026-03-09T12:00:00Z");
    expect(mail.subject).toContain("Sunday, March 8, 2026");
    expect(mail.text).toContain("2 calls: 2 answered.");
    expect(await rowsOf(b.accountId)).toEqual([expect.objectContaining({ day: "2026-03-08", status: "sent" })]);
  });

  it("covers New York's 25-hour day when the clocks go back (1 November 2026): sent at 13:00Z, not 12:00Z", async () => {
    const b = await business("America/New_York");
    await record(b, "2026-11-01T03:59:59Z"); // 23:59:59 on 31 October (EDT): the day before
    await record(b, "2026-11-01T04:30:00Z"); // 00:30 on 1 November (EDT)
    await record(b, "2026-11-01T05:30:00Z"); // 01:30 EDT
    await record(b, "2026-11-01T06:30:00Z"); // 01:30 EST, the hour again
    await record(b, "2026-11-02T04:59:00Z"); // 23:59 on 1 November (EST)
    await record(b, "2026-11-02T05:00:00Z"); // 00:00 on 2 November: today
    // Not at 07:00 EST; at 08:00 EST.
    const mail = await sentOnlyAt(b, "2026-11-02T12:00:00Z", "2026-11-02T13:00:00Z");
    expect(mail.subject).toContain("Sunday, November 1, 2026");
    expect(mail.text).toContain("4 calls: 4 answered.");
  });

  it("follows a half-hour zone (Asia/Kolkata, 08:00 = 02:30Z), and says when the plan's units are unlimited", async () => {
    const b = await business("Asia/Kolkata", { planId: "enterprise" });
    await record(b, "2026-03-08T18:29:59Z"); // 23:59:59 on 8 March: the day before
    await record(b, "2026-03-08T18:30:00Z", { outcome: "voicemail" }); // 00:00 on 9 March
    await runDailySummaries(new Date("2026-03-10T02:15:00Z"));
    await runDailySummaries(new Date("2026-03-10T02:45:00Z"));
    expect(await summariesTo(b.ownerEmail)).toHaveLength(0);
    await runDailySummaries(new Date("2026-03-10T02:30:00Z"));
    const [mail] = await summariesTo(b.ownerEmail);
    expect(mail!.subject).toContain("Monday, March 9, 2026");
    expect(mail!.text).toContain("1 call: 1 voicemail.");
    expect(mail!.text).toContain("00:00 · ");
    expect(mail!.text).toMatch(/[\d.]+ units used this month; your plan's units are unlimited\./);
  });

  it("is sent exactly once when the job runs twice, and when two runs overlap", async () => {
    const b = await business("Europe/Madrid");
    const staff = await memberOf(b.accountId, "staff", { alone: true });
    await record(b, "2026-06-09T12:00:00Z");
    await record(b, "2026-06-10T12:00:00Z");
    await runDailySummaries(new Date("2026-06-10T06:00:00Z"));
    await runDailySummaries(new Date("2026-06-10T06:05:00Z"));
    expect(await summariesTo(b.ownerEmail)).toHaveLength(1);
    expect(await summariesTo(staff.email)).toHaveLength(1);
    // The next day's runs, overlapping.
    await Promise.all([runDailySummaries(new Date("2026-06-11T06:00:00Z")), runDailySummaries(new Date("2026-06-11T06:00:00Z")), runDailySummaries(new Date("2026-06-11T06:10:00Z"))]);
    expect(await summariesTo(b.ownerEmail)).toHaveLength(2);
    expect(await summariesTo(staff.email)).toHaveLength(2);
    const rows = await rowsOf(b.accountId);
    expect(rows.map((r) => `${r.day} ${r.status}`).sort()).toEqual(["2026-06-09 sent", "2026-06-09 sent", "2026-06-10 sent", "2026-06-10 sent"]);
  });

  it("is skipped on a day without activity, unless the member asked for quiet days", async () => {
    const b = await business("Europe/Paris");
    const quietFan = await memberOf(b.accountId, "manager", { alone: true });
    await setPrefs(b.accountId, quietFan.id, { dailySummaryWhenQuiet: true });
    await record(b, "2026-06-08T12:00:00Z"); // the day before yesterday only
    await runDailySummaries(new Date("2026-06-10T06:00:00Z"));
    expect(await summariesTo(b.ownerEmail)).toHaveLength(0);
    const [mail, ...more] = await summariesTo(quietFan.email);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain("Your AI employees had no calls or messages on Tuesday, June 9, 2026.");
    expect(mail!.text).toContain("No calls.");
    const rows = await rowsOf(b.accountId);
    expect(rows.map((r) => [r.userId, r.status, r.emailId === null]).sort()).toEqual(
      [
        [b.accountId, "skipped", true],
        [quietFan.id, "sent", false],
      ].sort(),
    );
    // A run again does not turn the skipped day into a sent one.
    await runDailySummaries(new Date("2026-06-10T06:10:00Z"));
    expect(await summariesTo(b.ownerEmail)).toHaveLength(0);
  });

  it("reaches members who read calls (owner, manager, staff) and have it on; not billing members, nor one who turned it off", async () => {
    const b = await business("Europe/Rome");
    const staff = await memberOf(b.accountId, "staff", { alone: true });
    const billing = await memberOf(b.accountId, "billing", { alone: true });
    const off = await memberOf(b.accountId, "manager", { alone: true });
    const on = await memberOf(b.accountId, "manager", { alone: true });
    await setPrefs(b.accountId, off.id, { dailySummary: false, dailySummaryWhenQuiet: true });
    await setPrefs(b.accountId, on.id, { dailySummary: true });
    await record(b, "2026-06-09T12:00:00Z");
    await runDailySummaries(new Date("2026-06-10T06:00:00Z"));
    expect(await summariesTo(b.ownerEmail)).toHaveLength(1);
    expect(await summariesTo(staff.email)).toHaveLength(1);
    expect(await summariesTo(on.email)).toHaveLength(1);
    expect(await summariesTo(billing.email)).toHaveLength(0);
    expect(await summariesTo(off.email)).toHaveLength(0);
    expect((await rowsOf(b.accountId)).map((r) => r.userId).sort()).toEqual([b.accountId, staff.id, on.id].sort());
  });

  it("lists the 10 newest missed calls to return and links the rest", async () => {
    const b = await business("Europe/Vienna");
    const ids: string[] = [];
    for (let k = 0; k < 12; k++) ids.push(await record(b, new Date(Date.UTC(2026, 5, 9, 6 + k)), { outcome: k % 2 ? "no_answer" : "voicemail" }));
    await record(b, "2026-06-09T19:00:00Z", { direction: "outbound", outcome: "no_answer", toNumber: "+15550100300" });
    await runDailySummaries(new Date("2026-06-10T06:00:00Z"));
    const [mail] = await summariesTo(b.ownerEmail);
    expect(mail!.text).toContain("13 calls: 7 no answer, 6 voicemail.");
    expect(mail!.text).toContain("12 missed calls and voicemails not yet marked handled, newest first:");
    const listed = [...mail!.text.matchAll(/\/calls\/([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(listed).toEqual(ids.slice(2).reverse());
    expect(mail!.text).toContain(`and 2 more ${base()}/calls`);
  });

  it("skips accounts without an AI employee or without a live subscription", async () => {
    const db = await getDb();
    // Tokyo (UTC+9, no daylight saving): 08:00 on 10 June is 23:00Z on 9 June; no other account here uses it.
    const noSubscription = await business("Asia/Tokyo", { subscription: null });
    await record(noSubscription, "2026-06-09T03:00:00Z");
    const cancelled = await business("Asia/Tokyo", { status: "cancelled" });
    await record(cancelled, "2026-06-09T03:00:00Z");
    const bare = await createUser();
    await db.update(organization).set({ timeZone: "Asia/Tokyo" }).where(eq(organization.id, bare.id));
    const result = await runDailySummaries(new Date("2026-06-09T23:00:00Z"));
    expect(result).toEqual({ accounts: 0, sent: 0, skipped: 0 });
    for (const a of [noSubscription.accountId, cancelled.accountId, bare.id]) expect(await rowsOf(a)).toHaveLength(0);
    // The same account with a live subscription is summarised.
    const live = await business("Asia/Tokyo");
    await record(live, "2026-06-09T03:00:00Z");
    expect(await runDailySummaries(new Date("2026-06-09T23:00:00Z"))).toEqual({ accounts: 1, sent: 1, skipped: 0 });
  });

  it("runs every quarter hour as a pg-boss cron job", async () => {
    await scheduleDailySummaries();
    const schedules = await jobQueue().boss.getSchedules(dailySummaryJob.kind);
    expect(schedules.map((s) => s.cron)).toEqual(["*/15 * * * *"]);
  });
});

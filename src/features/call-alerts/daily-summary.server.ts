import "server-only";
import { and, eq, exists, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import { defineScheduledJob, scheduleJob } from "@/lib/jobs";
import { aiReadyOrders, dailySummaries, member, memberNotificationPrefs, organization, subscriptions, user } from "@/db/schema";
import { can } from "@/features/accounts/permissions";
import { queueEmail } from "@/features/email/email.server";
import { subscriptionSummary } from "@/features/usage/subscription-summary.server";
import { summaryWindow, type SummaryWindow } from "./daily-summary-window";
import { dayActivity, isQuiet, type DayActivity } from "./daily-summary-data.server";
import { dailySummaryEmail } from "./daily-summary-email";
import { unsubscribeLinks } from "./unsubscribe-token.server";
import { LIVE_STATUSES } from "@/features/billing/subscription-state";

export type DailySummaryResult = { accounts: number; sent: number; skipped: number };

type Account = { id: string; name: string; timeZone: string };
type Recipient = { userId: string; email: string; firstName: string | null; whenQuiet: boolean };

/** Accounts that can have calls: not deleted, with an AI employee and a live subscription. */
async function accountsWithCalls(): Promise<Account[]> {
  const db = await getDb();
  return db
    .select({ id: organization.id, name: organization.name, timeZone: organization.timeZone })
    .from(organization)
    .where(
      and(
        isNull(organization.deletedAt),
        exists(db.select({ id: aiReadyOrders.id }).from(aiReadyOrders).where(eq(aiReadyOrders.accountId, organization.id))),
        exists(
          db
            .select({ id: subscriptions.id })
            .from(subscriptions)
            .where(and(eq(subscriptions.accountId, organization.id), inArray(subscriptions.status, [...LIVE_STATUSES]))),
        ),
      ),
    );
}

/**
 * The members who get the account's summary of `day`: they hold calls.read,
 * did not turn it off (no preferences row: on), and have none for that day yet.
 */
async function recipients(accountId: string, day: string): Promise<Recipient[]> {
  const db = await getDb();
  const prefs = memberNotificationPrefs;
  const [rows, done] = await Promise.all([
    db
      .select({ userId: member.userId, role: member.role, email: user.email, firstName: user.firstName, on: prefs.dailySummary, whenQuiet: prefs.dailySummaryWhenQuiet })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .leftJoin(prefs, and(eq(prefs.accountId, member.organizationId), eq(prefs.userId, member.userId)))
      .where(eq(member.organizationId, accountId)),
    db
      .select({ userId: dailySummaries.userId })
      .from(dailySummaries)
      .where(and(eq(dailySummaries.accountId, accountId), eq(dailySummaries.day, day))),
  ]);
  const already = new Set(done.map((d) => d.userId));
  return rows
    .filter((r) => can(r.role, "calls.read") && r.on !== false && !already.has(r.userId))
    .map((r) => ({ userId: r.userId, email: r.email, firstName: r.firstName, whenQuiet: r.whenQuiet === true }));
}

function countsOf(a: DayActivity): Record<string, number> {
  return { calls: a.calls, conversations: a.conversations, missed: a.missed.total, bookings: a.bookings.total, ...a.outcomes };
}

/** This usage month's units as the portal shows them (the dashboard's subscription summary). */
async function unitsThisMonth(accountId: string): Promise<{ used: number; included: number | null } | null> {
  const summary = await subscriptionSummary(accountId);
  if (!summary) return null;
  return { used: Math.round((summary.units.phone + summary.units.text) * 1000) / 1000, included: summary.units.included };
}

/** One account's summaries of `w.day`: each recipient's, exactly once. */
async function summariseAccount(account: Account, w: SummaryWindow): Promise<{ sent: number; skipped: number }> {
  const people = await recipients(account.id, w.day);
  if (people.length === 0) return { sent: 0, skipped: 0 };
  const activity = await dayActivity(account.id, w.start, w.end);
  const quiet = isQuiet(activity);
  const counts = countsOf(activity);
  const db = await getDb();
  let units: Awaited<ReturnType<typeof unitsThisMonth>> | undefined;
  let sent = 0;
  let skipped = 0;
  for (const p of people) {
    const row = { accountId: account.id, userId: p.userId, day: w.day, counts };
    if (quiet && !p.whenQuiet) {
      const done = await db
        .insert(dailySummaries)
        .values({ ...row, status: "skipped" })
        .onConflictDoNothing()
        .returning({ day: dailySummaries.day });
      skipped += done.length;
      continue;
    }
    units ??= await unitsThisMonth(account.id);
    const email = await dailySummaryEmail({
      to: p.email,
      firstName: p.firstName,
      accountName: account.name,
      zone: w.zone,
      day: w.day,
      activity,
      units,
      baseUrl: config().baseUrl,
      unsubscribe: unsubscribeLinks({ kind: "digest", accountId: account.id, userId: p.userId }),
    });
    // The row and the e-mail commit together: a second run (or one overlapping this) finds the row and sends nothing.
    const created = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dailySummaries)
        .values({ ...row, status: "sent" })
        .onConflictDoNothing()
        .returning({ day: dailySummaries.day });
      if (claimed.length === 0) return false;
      const queued = await queueEmail(tx, email, { key: `daily-summary:${account.id}:${p.userId}:${w.day}` });
      await tx
        .update(dailySummaries)
        .set({ emailId: queued.id })
        .where(and(eq(dailySummaries.accountId, account.id), eq(dailySummaries.userId, p.userId), eq(dailySummaries.day, w.day)));
      return true;
    });
    if (created) sent++;
  }
  return { sent, skipped };
}

/**
 * The daily summary (issue 25, ADR 0131) for the instant `now`: every account
 * whose local time is 08:00 to 08:14 gets, for each member who reads calls
 * and has it on, one e-mail about yesterday (local calendar day); a day
 * without activity is recorded as skipped unless the member asked for quiet
 * days too. Idempotent: the daily_summaries row is written in the e-mail's
 * transaction. One account's failure does not stop the others; the run then
 * throws so that the job retries (what was sent is not sent again).
 */
export async function runDailySummaries(now: Date): Promise<DailySummaryResult> {
  const due = (await accountsWithCalls()).map((a) => ({ account: a, window: summaryWindow(now, a.timeZone) })).filter((d) => d.window.due);
  const result: DailySummaryResult = { accounts: due.length, sent: 0, skipped: 0 };
  let failed = 0;
  for (const { account, window } of due) {
    try {
      const r = await summariseAccount(account, window);
      result.sent += r.sent;
      result.skipped += r.skipped;
    } catch (err) {
      failed++;
      logger.error({ err, accountId: account.id, day: window.day }, "daily summary failed for an account");
    }
  }
  if (result.accounts) logger.info({ ...result, failed }, "daily summaries run");
  if (failed) throw new Error(`daily summary: ${failed} of ${due.length} accounts failed`);
  return result;
}

// A retry soon after a failure is still within the quarter hour the summary is due in.
export const dailySummaryJob = defineScheduledJob("call-alerts.daily-summary", () => runDailySummaries(new Date()), { maxAttempts: 3, retryDelaySeconds: 20 });

/** Every quarter hour: every zone's 08:00 falls on one (UTC offsets are whole quarter hours). */
export async function scheduleDailySummaries(): Promise<void> {
  await scheduleJob(dailySummaryJob, "*/15 * * * *", {});
}

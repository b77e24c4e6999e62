import "server-only";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { subscriptionById } from "@/features/billing/account-subscriptions.server";
import { aiReadyOrders, interactions, member, organization, user } from "@/db/schema";
import { firstOwnerOf } from "@/features/accounts/account-owner";
import { recordAudit } from "@/features/accounts/audit.server";
import { badRequest, conflict, notFound } from "@/lib/http/errors";
import { formatDateTime } from "@/lib/format";
import { createNotification } from "@/features/notifications/notify.server";
import { findPlan } from "@/features/plans/catalogue";
import { toUnits } from "@/features/plans/units";
import { markMetersDirty, meterCategory } from "./meter-report.server";
import { CLOSED_MONTH_MESSAGE, recordMonthClosed } from "./closed-months.server";
import { getProvider } from "@/features/billing/provider";
import { getInteraction } from "./interactions-read.server";
import type { InteractionDetail } from "./interaction-view";
import { emitWebhookEvents } from "@/features/webhooks/emit.server";
import { callEventColumns, spamReportedEvent } from "./call-events.server";

/**
 * Spam reports (spec 9, issue 21, ADR 0105). A customer's own reports credit
 * at once up to SELF_SERVICE_CREDIT_PERCENT of the plan's included units in
 * each usage month of a subscription (Smith.ai's rule); a report past that
 * waits for an admin (spamReview 'pending'), who approves it (credited then)
 * or declines it (the units stay counted). `spamReportedAt` set means
 * credited, everywhere: an approved report sets it too.
 */
export const SELF_SERVICE_CREDIT_PERCENT = 10;

const i = interactions;

/** The self-service credit of one usage month, in thousandths: 10% of the plan's included units; null without a limit (unlimited plan). */
export function selfServiceCreditCapMilli(includedUnits: number | null): number | null {
  if (includedUnits === null) return null;
  return (includedUnits * 1000 * SELF_SERVICE_CREDIT_PERCENT) / 100;
}

type Credited = { subscriptionId: string | null; usageMonthStart: Date | null; startedAt: Date; channel: string; direction: string; unitsMilli: number };

/**
 * The provider's meter of the record's month is reported again (the credit
 * lowers the month's total), unless the record is in a trial: trials are
 * never reported.
 */
async function markCreditedMeter(tx: DbOrTx, done: Credited): Promise<void> {
  if (!done.subscriptionId || !done.usageMonthStart) return;
  const sub = await subscriptionById(tx, done.subscriptionId);
  if (sub && (!sub.trialEnd || done.startedAt >= sub.trialEnd)) {
    await markMetersDirty(tx, [{ subscriptionId: done.subscriptionId, usageMonthStart: done.usageMonthStart, category: meterCategory(done.channel, done.direction) }]);
  }
}

const creditedColumns = { subscriptionId: i.subscriptionId, usageMonthStart: i.usageMonthStart, startedAt: i.startedAt, channel: i.channel, direction: i.direction, unitsMilli: i.unitsMilli };

/**
 * Whether a report of `unitsMilli` still fits the month's self-service
 * credit. The subscription row is locked first, so two reports of one month
 * at the same time are decided one after the other. A record in no usage
 * month counts toward no bill: it always fits.
 */
async function fitsSelfServiceCredit(tx: DbOrTx, record: { subscriptionId: string | null; usageMonthStart: Date | null; unitsMilli: number }): Promise<boolean> {
  if (!record.subscriptionId || !record.usageMonthStart) return true;
  const sub = await subscriptionById(tx, record.subscriptionId, { forUpdate: true });
  const cap = selfServiceCreditCapMilli(findPlan(sub?.planId)?.units ?? 0);
  if (cap === null) return true;
  const [used] = await tx
    .select({ milli: sql<string>`coalesce(sum(${i.unitsMilli}), 0)::text` })
    .from(i)
    .where(and(eq(i.subscriptionId, record.subscriptionId), eq(i.usageMonthStart, record.usageMonthStart), isNotNull(i.spamReportedAt), isNull(i.spamReview)));
  return Number(used?.milli ?? 0) + record.unitsMilli <= cap;
}

/**
 * POST /api/interactions/<id>/report-spam: a phone call of 30 s or more
 * that was not recognised as spam is reported. Within the month's
 * self-service credit it is credited at once (0 in every total from now on,
 * the meter marked for the next report, the admins told); past it, it waits
 * for an admin's review ('pending', nothing credited, the admins told). A
 * credited report is the webhook event call.updated ("spam"; ADR 0128). A
 * second report answers the record as it is.
 */
export async function reportSpam(accountId: string, id: string, reporter: { id: string; email: string }): Promise<InteractionDetail> {
  const current = await getInteraction(accountId, id);
  if (current.spamReportedAt || current.spamReview) return current;
  if (!current.canReportSpam) {
    throw badRequest(
      current.channel !== "phone"
        ? "Only phone calls can be reported as spam"
        : current.outcome === "spam"
          ? "This call was already recognised as spam: it was never charged"
          : "Only calls of 30 seconds or more can be reported as spam (spam calls are disconnected within 30 seconds)",
    );
  }
  const db = await getDb();
  const now = await (await getProvider()).now();
  await db.transaction(async (tx) => {
    const [record] = await tx
      .select(creditedColumns)
      .from(i)
      .where(and(eq(i.id, id), eq(i.accountId, accountId)))
      .limit(1);
    if (!record) return;
    // Closed months are frozen (issue 21): a credit would change a billed month's units.
    if (await recordMonthClosed(tx, record, now)) throw conflict(CLOSED_MONTH_MESSAGE);
    const unreported = and(eq(i.id, id), eq(i.accountId, accountId), isNull(i.spamReportedAt), isNull(i.spamReview));
    const call = `the call ${id} of ${formatDateTime(record.startedAt)} UTC${current.from ? ` from ${current.from}` : ""}`;
    if (await fitsSelfServiceCredit(tx, record)) {
      const [done] = await tx
        .update(i)
        .set({ spamReportedAt: sql`now()` })
        .where(unreported)
        .returning({ ...creditedColumns, ...callEventColumns });
      if (!done) return; // reported a moment ago by another request: that one told the admins
      await markCreditedMeter(tx, done);
      await emitWebhookEvents(tx, [spamReportedEvent(accountId, done)]);
      await recordAudit({ accountId, actor: reporter, action: "spam.reported", detail: `${call}: ${toUnits(done.unitsMilli)} units credited` }, tx);
      await createNotification(
        {
          type: "usage",
          title: "Call reported as spam",
          message: `${reporter.email} reported ${call} as spam: ${toUnits(done.unitsMilli)} units credited.`,
          priority: "normal",
          dedupeKey: `spam-report:${id}`,
        },
        tx,
      );
      return;
    }
    const [pending] = await tx
      .update(i)
      .set({ spamReview: "pending", spamReviewRequestedAt: sql`now()` })
      .where(unreported)
      .returning({ unitsMilli: i.unitsMilli });
    if (!pending) return;
    await recordAudit({ accountId, actor: reporter, action: "spam.reported", detail: `${call}: waiting for review` }, tx);
    await createNotification(
      {
        type: "usage",
        title: "Spam report waiting for review",
        message: `${reporter.email} reported ${call} as spam past this month's self-service credit (${SELF_SERVICE_CREDIT_PERCENT}% of the plan's included units): approve or decline the ${toUnits(pending.unitsMilli)} units on the Spam reports page.`,
        priority: "high",
        dedupeKey: `spam-review:${id}`,
      },
      tx,
    );
  });
  return getInteraction(accountId, id);
}

/** A spam report waiting for an admin, as /admin/spam-reports lists it. */
export type PendingSpamReport = {
  id: string;
  customerName: string;
  customerEmail: string;
  aiEmployeeName: string;
  startedAt: string;
  durationSeconds: number | null;
  from: string | null;
  units: number;
  requestedAt: string;
};

/** At most this many pending reports are listed (oldest first). */
const PENDING_LIST_LIMIT = 200;

/** GET /api/admin/spam-reports: the reports waiting for review, oldest request first. */
export async function listPendingSpamReports(): Promise<PendingSpamReport[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: i.id,
      accountName: organization.name,
      email: user.email,
      aiEmployeeName: aiReadyOrders.aiEmployeeName,
      startedAt: i.startedAt,
      durationMs: i.durationMs,
      from: i.fromNumber,
      unitsMilli: i.unitsMilli,
      requestedAt: i.spamReviewRequestedAt,
    })
    .from(i)
    .innerJoin(aiReadyOrders, eq(aiReadyOrders.id, i.aiReadyOrderId))
    .innerJoin(organization, eq(organization.id, i.accountId))
    // The account's first owner, the person to contact about it.
    .leftJoin(member, firstOwnerOf(organization.id))
    .leftJoin(user, eq(user.id, member.userId))
    .where(eq(i.spamReview, "pending"))
    .orderBy(asc(i.spamReviewRequestedAt), asc(i.id))
    .limit(PENDING_LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    customerName: r.accountName,
    customerEmail: r.email ?? "",
    aiEmployeeName: r.aiEmployeeName,
    startedAt: r.startedAt.toISOString(),
    durationSeconds: r.durationMs === null ? null : r.durationMs / 1000,
    from: r.from,
    units: toUnits(r.unitsMilli),
    requestedAt: (r.requestedAt ?? r.startedAt).toISOString(),
  }));
}

export type SpamReviewResult = { id: string; spamReview: "approved" | "declined"; spamReportedAt: string | null; units: number };

/** Where a report stands when a decision changed nothing: the same decision again is answered as it is; the other one is a 409; no report is a 404. */
async function decidedAlready(id: string, wanted: "approved" | "declined"): Promise<SpamReviewResult> {
  const db = await getDb();
  const [row] = await db.select({ spamReview: i.spamReview, spamReportedAt: i.spamReportedAt, unitsMilli: i.unitsMilli }).from(i).where(eq(i.id, id)).limit(1);
  if (!row || !row.spamReview || row.spamReview === "pending") throw notFound("Spam report not found");
  if (row.spamReview !== wanted) throw conflict(`This spam report was already ${row.spamReview}.`);
  return { id, spamReview: row.spamReview, spamReportedAt: row.spamReportedAt?.toISOString() ?? null, units: toUnits(row.unitsMilli) };
}

/**
 * POST /api/admin/spam-reports/<id>/approve: the pending report is credited
 * (spamReportedAt now, 'approved') and the meter of its month marked for the
 * next report, and call.updated ("spam") emitted, as for a self-service
 * credit. Approving again answers the same.
 */
export async function approveSpamReport(id: string): Promise<SpamReviewResult> {
  const db = await getDb();
  const now = await (await getProvider()).now();
  const done = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select(creditedColumns)
      .from(i)
      .where(and(eq(i.id, id), eq(i.spamReview, "pending")))
      .limit(1);
    if (pending && (await recordMonthClosed(tx, pending, now))) throw conflict(`${CLOSED_MONTH_MESSAGE} Decline the report instead.`);
    const [row] = await tx
      .update(i)
      .set({ spamReview: "approved", spamReportedAt: sql`now()` })
      .where(and(eq(i.id, id), eq(i.spamReview, "pending"), isNull(i.spamReportedAt)))
      .returning({ ...creditedColumns, ...callEventColumns });
    if (row) await markCreditedMeter(tx, row);
    if (row?.accountId) await emitWebhookEvents(tx, [spamReportedEvent(row.accountId, row)]);
    return row;
  });
  if (!done) return decidedAlready(id, "approved");
  return { id, spamReview: "approved", spamReportedAt: done.spamReportedAt!.toISOString(), units: toUnits(done.unitsMilli) };
}

/** POST /api/admin/spam-reports/<id>/decline: the pending report is declined; its units stay counted. Declining again answers the same. */
export async function declineSpamReport(id: string): Promise<SpamReviewResult> {
  const db = await getDb();
  const [done] = await db
    .update(i)
    .set({ spamReview: "declined" })
    .where(and(eq(i.id, id), eq(i.spamReview, "pending"), isNull(i.spamReportedAt)))
    .returning({ unitsMilli: i.unitsMilli });
  if (!done) return decidedAlready(id, "declined");
  return { id, spamReview: "declined", spamReportedAt: null, units: toUnits(done.unitsMilli) };
}

import "server-only";
import { createElement } from "react";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb, type DbOrTx } from "@/lib/db";
import { enqueueJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { countryOfTimeZone } from "@/lib/zone-country";
import { aiReadyOrders, callNotifications, interactions, notificationOptOuts, notificationRules, organization } from "@/db/schema";
import { membersOfAccounts } from "@/features/accounts/account-reads.server";
import { can } from "@/features/accounts/permissions";
import { queueEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { CallAlert } from "@/features/email/templates/call-alert";
import { queueSms } from "@/features/sms/sms.server";
import { alertSms, alertWords, type AlertWords } from "./call-alert-text";
import { callAlertBurstJob } from "./call-alert-job.server";
import { conditionMatches } from "./conditions";
import { quietUntil } from "./quiet-hours";
import { BURST_SMS_LIMIT, BURST_WINDOW_MS, burstWindowEnd } from "./sms-burst-limit";
import { unsubscribeLinks } from "./unsubscribe-token.server";

/**
 * The per-call notifications (issue 25, ADR 0129). For each call: the
 * enabled rules of its account that cover its AI employee and whose
 * condition holds; their recipients (named members at their login e-mail,
 * and the extra recipients) minus those who turned the rule off. Each
 * (call, rule, recipient) is one call_notifications row, inserted in the same
 * transaction as the e-mail or SMS it stands for: whoever inserts it sends,
 * anyone else (a repeated run, the other of the timeout and summary jobs,
 * another instance) finds it and sends nothing.
 */

/** Calls received this long after they started are a backfill of history: nobody is told. */
export const MAX_CALL_AGE_MS = 24 * 60 * 60 * 1000;

type Rule = typeof notificationRules.$inferSelect;
type Call = Awaited<ReturnType<typeof loadCalls>>[number];
type Target = { rule: Rule; recipient: string };

async function loadCalls(db: DbOrTx, ids: string[]) {
  return db
    .select({
      id: interactions.id,
      accountId: interactions.accountId,
      aiReadyOrderId: interactions.aiReadyOrderId,
      channel: interactions.channel,
      direction: interactions.direction,
      outcome: interactions.outcome,
      startedAt: interactions.startedAt,
      createdAt: interactions.createdAt,
      fromNumber: interactions.fromNumber,
      toNumber: interactions.toNumber,
      callerName: interactions.callerName,
      summary: interactions.summary,
      appointmentBooked: interactions.appointmentBooked,
      tags: interactions.tags,
      spamReportedAt: interactions.spamReportedAt,
      anonymizedAt: interactions.anonymizedAt,
      timeZone: organization.timeZone,
      accountName: organization.name,
      aiEmployeeName: aiReadyOrders.aiEmployeeName,
    })
    .from(interactions)
    .innerJoin(organization, eq(organization.id, interactions.accountId))
    .innerJoin(aiReadyOrders, eq(aiReadyOrders.id, interactions.aiReadyOrderId))
    .where(inArray(interactions.id, ids));
}

/**
 * Calls nobody is told about: spam (by the platform, a `spam` tag, or a report), records
 * whose conversation retention removed, and history sent long after the call.
 * Test calls (tagged `test`) are told: owners check their rules with them.
 */
function skipped(c: Call): boolean {
  return (
    c.outcome === "spam" ||
    c.tags.some((t) => t.trim().toLowerCase() === "spam") ||
    c.spamReportedAt !== null ||
    c.anonymizedAt !== null ||
    c.createdAt.getTime() - c.startedAt.getTime() > MAX_CALL_AGE_MS
  );
}

/** The lock that makes two runs count one rule's SMS to one recipient in turn (burst limit). */
export const lockRecipient = (tx: DbOrTx, ruleId: string, recipient: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`call-alert-sms:${ruleId}:${recipient}`}, 0))`);

export async function notifyCalls(ids: string[]): Promise<void> {
  const db = await getDb();
  // A summary of white space is no summary.
  const calls = (await loadCalls(db, ids)).map((c) => ({ ...c, summary: c.summary?.trim() ? c.summary : null })).filter((c) => !skipped(c));
  if (calls.length === 0) return;
  const accountIds = [...new Set(calls.map((c) => c.accountId!))];
  const rules = await db
    .select()
    .from(notificationRules)
    .where(and(inArray(notificationRules.accountId, accountIds), eq(notificationRules.enabled, true)));
  if (rules.length === 0) return;
  const optOuts = new Set(
    (
      await db
        .select()
        .from(notificationOptOuts)
        .where(
          inArray(
            notificationOptOuts.ruleId,
            rules.map((r) => r.id),
          ),
        )
    ).map((o) => `${o.ruleId} ${o.recipient}`),
  );
  // Named members are reached at their login's address while they are members who may view calls.
  const emails = new Map<string, string>();
  for (const m of await membersOfAccounts(db, accountIds)) {
    if (can(m.role, "calls.read")) emails.set(`${m.accountId} ${m.userId}`, m.email.toLowerCase());
  }
  const told = new Set(
    (
      await db
        .select({ i: callNotifications.interactionId, r: callNotifications.ruleId, to: callNotifications.recipient })
        .from(callNotifications)
        .where(
          inArray(
            callNotifications.interactionId,
            calls.map((c) => c.id),
          ),
        )
    ).map((n) => `${n.i} ${n.r} ${n.to}`),
  );

  for (const c of calls) {
    const targets: Target[] = [];
    for (const rule of rules) {
      if (rule.accountId !== c.accountId) continue;
      if (rule.aiEmployeeIds.length && !rule.aiEmployeeIds.includes(c.aiReadyOrderId)) continue;
      if (!conditionMatches(rule, c)) continue;
      const named = rule.channel === "email" ? rule.memberUserIds.flatMap((id) => emails.get(`${c.accountId} ${id}`) ?? []) : [];
      for (const recipient of new Set([...named, ...rule.extraRecipients])) {
        if (optOuts.has(`${rule.id} ${recipient}`) || told.has(`${c.id} ${rule.id} ${recipient}`)) continue;
        targets.push({ rule, recipient });
      }
    }
    if (targets.length) await notifyCall(c, targets);
  }
}

/** Renders the e-mails first (no transaction held), then claims and sends every notification of one call in one transaction. */
async function notifyCall(c: Call, targets: Target[]): Promise<void> {
  const baseUrl = config().baseUrl;
  const words = alertWords(c, { timeZone: c.timeZone, country: countryOfTimeZone(c.timeZone) ?? "US", baseUrl });
  // One order for every transaction (rule, then recipient): two runs take the same locks in the same order.
  targets.sort((a, b) => (a.rule.id === b.rule.id ? (a.recipient < b.recipient ? -1 : 1) : a.rule.id < b.rule.id ? -1 : 1));
  const emails = new Map<Target, Awaited<ReturnType<typeof callEmail>>>();
  for (const t of targets) if (t.rule.channel === "email") emails.set(t, await callEmail(c, t, words));
  const db = await getDb();
  const now = new Date();
  const sent = await db.transaction(async (tx) => {
    let n = 0;
    for (const t of targets) {
      const key = `call-alert:${c.id}:${t.rule.id}:${t.recipient}`;
      const row = { interactionId: c.id, ruleId: t.rule.id, recipient: t.recipient, accountId: c.accountId!, channel: t.rule.channel, withSummary: c.summary !== null };
      if (t.rule.channel === "email") {
        if (!(await claim(tx, { ...row, status: "sent" }))) continue;
        const email = await queueEmail(tx, emails.get(t)!, { key });
        await setMessage(tx, row, email.id);
      } else {
        await lockRecipient(tx, t.rule.id, t.recipient);
        const batched = await overBurstLimit(tx, t, now);
        if (!(await claim(tx, { ...row, status: batched ? "batched" : "sent" }))) continue;
        if (batched) {
          const end = burstWindowEnd(now);
          await enqueueJob(
            tx,
            callAlertBurstJob,
            { ruleId: t.rule.id, recipient: t.recipient },
            { idempotencyKey: `call-alert-burst:${t.rule.id}:${t.recipient}:${end.toISOString()}`, startAfter: end },
          );
        } else {
          const hold = t.rule.quietStart && t.rule.quietEnd ? quietUntil(now, c.timeZone, t.rule.quietStart, t.rule.quietEnd) : null;
          const sms = await queueSms(tx, { accountId: c.accountId, to: t.recipient, body: alertSms(c, words), kind: "call-alert" }, { key, ...(hold ? { sendAfter: hold } : {}) });
          await setMessage(tx, row, sms.id);
        }
      }
      n++;
    }
    return n;
  });
  if (sent) logger.info({ interactionId: c.id, notifications: sent, withSummary: c.summary !== null }, "call notifications sent");
}

async function callEmail(c: Call, t: Target, words: AlertWords) {
  const links = unsubscribeLinks({ kind: "rule", ruleId: t.rule.id, recipient: t.recipient });
  const { html, text } = await renderEmail(
    createElement(CallAlert, {
      headline: words.headline,
      caller: words.caller,
      time: words.time,
      outcome: words.outcome,
      aiEmployeeName: c.aiEmployeeName,
      summary: c.summary,
      appointmentBooked: c.appointmentBooked,
      callUrl: words.callUrl,
      spamUrl: words.spamUrl,
      ruleName: t.rule.name,
      accountName: c.accountName,
      unsubscribeUrl: links.pageUrl,
    }),
  );
  return { to: t.recipient, subject: words.subject, html, text, kind: "call-alert", headers: links.headers };
}

type NotificationRow = typeof callNotifications.$inferInsert;

/** Inserts the (call, rule, recipient) row; false when it exists (told already: by an earlier run, or one committing first). */
async function claim(tx: DbOrTx, row: NotificationRow): Promise<boolean> {
  const inserted = await tx.insert(callNotifications).values(row).onConflictDoNothing().returning({ ruleId: callNotifications.ruleId });
  return inserted.length === 1;
}

async function setMessage(tx: DbOrTx, row: Pick<NotificationRow, "interactionId" | "ruleId" | "recipient">, messageId: string): Promise<void> {
  const updated = await tx
    .update(callNotifications)
    .set({ messageId })
    .where(and(eq(callNotifications.interactionId, row.interactionId), eq(callNotifications.ruleId, row.ruleId), eq(callNotifications.recipient, row.recipient)))
    .returning({ ruleId: callNotifications.ruleId });
  if (updated.length !== 1) throw new Error(`call notification message set on ${updated.length} rows, not 1`);
}

/**
 * Whether this call's SMS waits for the burst message: BURST_SMS_LIMIT call
 * SMS went to this recipient of this rule in the last BURST_WINDOW_MS, or
 * calls already wait (the burst keeps going until its message is sent).
 * Counted under lockRecipient, so two runs cannot both take the last place.
 */
async function overBurstLimit(tx: DbOrTx, t: Target, now: Date): Promise<boolean> {
  const n = callNotifications;
  const [waiting] = await tx
    .select({ one: n.ruleId })
    .from(n)
    .where(and(eq(n.ruleId, t.rule.id), eq(n.recipient, t.recipient), eq(n.status, "batched")))
    .limit(1);
  if (waiting) return true;
  const recent = await tx
    .select({ one: n.ruleId })
    .from(n)
    .where(and(eq(n.ruleId, t.rule.id), eq(n.recipient, t.recipient), eq(n.status, "sent"), gt(n.createdAt, new Date(now.getTime() - BURST_WINDOW_MS))))
    .limit(BURST_SMS_LIMIT);
  return recent.length >= BURST_SMS_LIMIT;
}

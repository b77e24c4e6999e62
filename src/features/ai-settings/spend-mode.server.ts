import "server-only";
import { and, asc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { config } from "@/lib/config";
import { formatDate } from "@/lib/format";
import { logger } from "@/lib/logger";
import { aiEmployeeSettings, aiEmployeeSettingsVersions, aiReadyOrders, subscriptions } from "@/db/schema";
import { accountBillingContact, accountOwners } from "@/features/accounts/account-reads.server";
import { queueEmail } from "@/features/email/email.server";
import { findPlan } from "@/features/plans/catalogue";
import { spendLimitSchema, type SettingsDocument } from "./settings.schema";
import { spendModeFor } from "./spend-limit";
import { spendLimitText, type SpendModeBackReason } from "./spend-mode-text";
import { spendModeEmail } from "./spend-mode-email";
import { enqueueSettingsPush } from "./platform-sync.server";

/**
 * The spend limit's switch and its reverse (issue 24, ADR 0124). The mode in
 * force is ai_employee_settings.spend_mode with the usage month it was
 * switched in; every switch is one conditional UPDATE whose changed row, in
 * the same transaction, queues the push to the voice platform, the e-mails
 * and the portal notice: of two checks at once only one switches, and each
 * switch is told once.
 *
 * This feature has no clock and no usage months of its own (both belong to
 * billing and usage): callers pass the subscription's current usage month and
 * the product's "now" (src/features/interactions/spend-limit-check.server.ts).
 */

export type UsageMonth = { start: Date; end: Date };

/** A portal notice for the account, in the switch's transaction (interactions owns the notices: it passes postCustomerNotice). */
export type PostNotice = (tx: DbOrTx, notice: { accountId: string; kind: "spend-limit"; title: string; message: string; dedupeKey: string }) => Promise<void>;
type SpendLimit = SettingsDocument["spendLimit"];
const BILL_EXTRA: SpendLimit = { mode: "bill_extra", capCents: null };

type Employee = { orderId: string; name: string; accountId: string | null; spendMode: "normal" | "messages_only"; monthStart: Date | null; until: Date | null; limit: SpendLimit };

/** The AI employees with settings of a subscription (or one AI employee), with their current version's spend limit. */
async function employees(db: DbOrTx, where: SQL): Promise<Employee[]> {
  const s = aiEmployeeSettings;
  const rows = await db
    .select({
      orderId: aiReadyOrders.id,
      name: aiReadyOrders.aiEmployeeName,
      accountId: sql<string | null>`coalesce(${aiReadyOrders.accountId}, (select ${subscriptions.accountId} from ${subscriptions} where ${subscriptions.id} = ${aiReadyOrders.subscriptionId}))`,
      spendMode: s.spendMode,
      monthStart: s.spendModeMonthStart,
      until: s.spendModeUntil,
      document: aiEmployeeSettingsVersions.document,
    })
    .from(s)
    .innerJoin(aiReadyOrders, eq(aiReadyOrders.id, s.aiReadyOrderId))
    .innerJoin(aiEmployeeSettingsVersions, and(eq(aiEmployeeSettingsVersions.aiReadyOrderId, s.aiReadyOrderId), eq(aiEmployeeSettingsVersions.version, s.currentVersion)))
    .where(where)
    .orderBy(asc(aiReadyOrders.createdAt), asc(aiReadyOrders.id));
  return rows.map(({ document, ...r }) => {
    // A stored document always parses (versions are saved through the schema); a broken one bills extra, as before issue 24.
    const parsed = spendLimitSchema.safeParse(document?.spendLimit);
    return { ...r, limit: parsed.success ? parsed.data : BILL_EXTRA };
  });
}

/** The AI employees of one business account with their spend mode and current limit (the dashboard's spend-limit lines). */
export async function accountSpendEmployees(accountId: string): Promise<Employee[]> {
  return employees(await getDb(), eq(aiReadyOrders.accountId, accountId));
}

/**
 * Applies the spend limit of each AI employee of the subscription to its
 * usage month `month` with `usedMilli` units used (thousandths, spam credits
 * left out). Only the month holding `now` can switch anything: a backfill of
 * an earlier month never does. Switches to messages only where the limit is
 * reached; back to normal where it is no longer (a raised limit, credited
 * units) or where messages only belonged to an earlier month. Returns the
 * switches made.
 */
export async function applySpendLimit(subscriptionId: string, month: UsageMonth, usedMilli: number, now: Date, postNotice: PostNotice): Promise<number> {
  if (now < month.start || now >= month.end) return 0;
  const db = await getDb();
  const [sub] = await db
    .select({ planId: subscriptions.planId, billing: subscriptions.billing, trialEnd: subscriptions.trialEnd, aiReadyOrderId: subscriptions.aiReadyOrderId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  if (!sub) return 0;
  const plan = findPlan(sub.planId);
  const includedMilli = plan && plan.units !== null ? plan.units * 1000 : null;
  // A month that ends within the trial is never billed (ADR 0145): its extra units cost nothing, so a dollar cap is never reached.
  const trial = Boolean(sub.trialEnd && month.end <= sub.trialEnd);
  const extraUnitCents = trial ? 0 : (plan?.extraUnitPrice?.[sub.billing] ?? null);
  const list = await employees(db, or(eq(aiReadyOrders.subscriptionId, subscriptionId), sub.aiReadyOrderId ? eq(aiReadyOrders.id, sub.aiReadyOrderId) : undefined)!);
  let switched = 0;
  for (const e of list) {
    const wanted = spendModeFor(e.limit, { usedMilli, includedMilli, extraUnitCents });
    const inForce = e.spendMode === "messages_only" && e.monthStart?.getTime() === month.start.getTime() ? "messages_only" : "normal";
    if (wanted === "messages_only" && inForce === "normal") {
      if (await toMessagesOnly(e, month, now, { usedMilli, includedUnits: plan?.units ?? null }, postNotice)) switched++;
    } else if (wanted === "normal" && e.spendMode === "messages_only") {
      const reason: SpendModeBackReason = e.monthStart && e.monthStart < month.start ? "new_month" : "below_limit";
      if (await setSpendModeNormal(e.orderId, reason, postNotice, { now, monthStart: e.monthStart })) switched++;
    }
  }
  return switched;
}

async function toMessagesOnly(e: Employee, month: UsageMonth, now: Date, usage: { usedMilli: number; includedUnits: number | null }, postNotice: PostNotice): Promise<boolean> {
  const db = await getDb();
  const s = aiEmployeeSettings;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(s)
      .set({ spendMode: "messages_only", spendModeMonthStart: month.start, spendModeUntil: month.end, spendModeSince: now, updatedAt: new Date() })
      .where(and(eq(s.aiReadyOrderId, e.orderId), or(eq(s.spendMode, "normal"), isNull(s.spendModeMonthStart), ne(s.spendModeMonthStart, month.start))))
      .returning({ id: s.aiReadyOrderId });
    if (changed.length !== 1) return false; // another check switched it first
    await enqueueSettingsPush(tx, e.orderId, pushReason("messages_only", month.start, now));
    if (e.accountId) {
      const account = await accountOf(tx, e.accountId);
      const until = formatDate(month.end, { timeZone: account.timeZone });
      const limitText = spendLimitText(e.limit);
      const usedUnits = String(usage.usedMilli / 1000);
      const key = `spend-mode:${e.orderId}:messages_only:${now.toISOString()}`;
      for (const r of account.recipients) {
        await queueEmail(
          tx,
          await spendModeEmail(r.email, {
            to: "messages_only",
            firstName: r.firstName,
            aiEmployeeName: e.name,
            aiEmployeeId: e.orderId,
            limitText,
            usedUnits,
            includedUnits: usage.includedUnits,
            until,
            baseUrl: config().baseUrl,
          }),
          { key: `${key}:${r.email}` },
        );
      }
      await postNotice(tx, {
        accountId: e.accountId,
        kind: "spend-limit",
        title: `Spend limit reached: ${e.name} is taking messages only`,
        message: `${e.name} reached your spend limit (${limitText}) and takes messages only until ${until}. Change the spend limit in its settings to keep answering.`,
        dedupeKey: key,
      });
    }
    logger.info({ aiReadyOrderId: e.orderId, month: month.start.toISOString(), usedMilli: usage.usedMilli, limit: e.limit.mode }, "spend limit reached: taking messages only");
    return true;
  });
}

/**
 * Switches an AI employee back to normal (the reverse at the start of the next
 * usage month, or a limit no longer reached): push, e-mails and a notice, once.
 * `monthStart`, when given, switches back only while messages only still
 * belongs to that month (a switch made meanwhile for a newer month stays).
 * True when it switched.
 */
export async function setSpendModeNormal(orderId: string, reason: SpendModeBackReason, postNotice: PostNotice, opts: { now?: Date; monthStart?: Date | null } = {}): Promise<boolean> {
  const db = await getDb();
  const s = aiEmployeeSettings;
  const now = opts.now ?? new Date();
  const [e] = await employees(db, eq(aiReadyOrders.id, orderId));
  if (!e || e.spendMode !== "messages_only") return false;
  return db.transaction(async (tx) => {
    const month = opts.monthStart === undefined ? undefined : opts.monthStart === null ? isNull(s.spendModeMonthStart) : eq(s.spendModeMonthStart, opts.monthStart);
    const changed = await tx
      .update(s)
      .set({ spendMode: "normal", spendModeMonthStart: null, spendModeUntil: null, spendModeSince: now, updatedAt: new Date() })
      .where(and(eq(s.aiReadyOrderId, orderId), eq(s.spendMode, "messages_only"), month))
      .returning({ id: s.aiReadyOrderId });
    if (changed.length !== 1) return false;
    await enqueueSettingsPush(tx, orderId, pushReason("normal", e.monthStart, now));
    if (e.accountId) {
      const account = await accountOf(tx, e.accountId);
      const key = `spend-mode:${orderId}:normal:${now.toISOString()}`;
      for (const r of account.recipients) {
        await queueEmail(tx, await spendModeEmail(r.email, { to: "normal", firstName: r.firstName, aiEmployeeName: e.name, aiEmployeeId: orderId, reason, baseUrl: config().baseUrl }), {
          key: `${key}:${r.email}`,
        });
      }
      await postNotice(tx, {
        accountId: e.accountId,
        kind: "spend-limit",
        title: `${e.name} is answering calls normally again`,
        message: reason === "new_month" ? "A new usage month has started." : "This month's usage is below the spend limit again.",
        dedupeKey: key,
      });
    }
    logger.info({ aiReadyOrderId: orderId, reason }, "spend limit: answering normally again");
    return true;
  });
}

/**
 * The push's reason: "spend:<mode>:<usage month ISO>:<switched at, ms>". The
 * switch time tells apart a second switch in the same month (a limit raised,
 * then lowered again), which must be pushed too.
 */
function pushReason(mode: "normal" | "messages_only", monthStart: Date | null, at: Date): string {
  return `spend:${mode}:${monthStart?.toISOString() ?? "none"}:${at.getTime()}`;
}

type Recipient = { email: string; firstName: string | null };

/**
 * Who hears of a switch: the account's billing e-mail (else its first owner,
 * as for the usage alerts) and every owner, each address once.
 */
async function accountOf(tx: DbOrTx, accountId: string): Promise<{ timeZone: string; recipients: Recipient[] }> {
  const org = await accountBillingContact(tx, accountId);
  const owners = await accountOwners(tx, accountId);
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  for (const r of [...(org?.billingEmail ? [{ email: org.billingEmail, firstName: null }] : []), ...owners]) {
    const k = r.email.trim().toLowerCase();
    if (seen.has(k)) continue;
    seen.add(k);
    recipients.push({ email: r.email.trim(), firstName: r.firstName ?? null });
  }
  return { timeZone: org?.timeZone ?? "UTC", recipients };
}

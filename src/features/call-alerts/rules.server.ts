import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { badRequest, conflict, zodMessage } from "@/lib/http/errors";
import { phoneCountry } from "@/lib/phone-format";
import { countryOfTimeZone } from "@/lib/zone-country";
import { z } from "@/lib/zod";
import { ownedRow } from "@/lib/owned-row";
import { aiReadyOrders, notificationRules } from "@/db/schema";
import { accountMembers } from "@/features/accounts/account-reads.server";
import { can } from "@/features/accounts/permissions";
import { MAX_RULES, ruleBodySchema, type RuleBody, type RuleView } from "./rule.schema";
import { normaliseRecipients } from "./recipients";

/**
 * Notification rules (issue 25). Every read and write of a rule goes through
 * ownedRule(accountId, id): another account's rule is "not found".
 */

export type RuleRow = typeof notificationRules.$inferSelect;
type AccountRef = { id: string; timeZone: string };

export const RULE_NOT_FOUND = "Notification rule not found";

/** The rule `id` of the account, for `update` when asked (locks it in the transaction); 404 otherwise. */
export async function ownedRule(accountId: string, id: string, db?: DbOrTx, opts: { lock?: boolean } = {}): Promise<RuleRow> {
  return ownedRow(notificationRules, { accountId, id }, RULE_NOT_FOUND, db, opts.lock);
}

/** A stored rule's fields as the API's body has them. */
function ruleBody(r: RuleRow): RuleBody {
  return {
    name: r.name,
    channel: r.channel,
    condition: r.condition,
    phrase: r.phrase,
    aiEmployeeIds: r.aiEmployeeIds,
    memberUserIds: r.memberUserIds,
    extraRecipients: r.extraRecipients,
    quietHours: r.quietStart && r.quietEnd ? { start: r.quietStart, end: r.quietEnd } : null,
    enabled: r.enabled,
  };
}

/** A stored rule as the API answers it. */
export function ruleView(r: RuleRow): RuleView {
  return { id: r.id, ...ruleBody(r), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

export type RuleMember = { userId: string; name: string; email: string; role: string };

const personName = (u: { firstName: string | null; lastName: string | null; name: string | null; email: string }) =>
  [u.firstName, u.lastName]
    .map((x) => x?.trim())
    .filter(Boolean)
    .join(" ") ||
  u.name?.trim() ||
  u.email;

/** The account's members a rule may name: those who may view calls (calls.read), oldest first. */
export async function ruleMembers(accountId: string, db?: DbOrTx): Promise<RuleMember[]> {
  const rows = await accountMembers(accountId, db);
  return rows.filter((r) => can(r.role, "calls.read")).map((r) => ({ userId: r.userId, name: personName(r), email: r.email, role: r.role }));
}

/** The account's AI employees (AI-ready orders it holds). */
export async function accountAiEmployees(accountId: string, db?: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  const q = db ?? (await getDb());
  return q
    .select({ id: aiReadyOrders.id, name: aiReadyOrders.aiEmployeeName })
    .from(aiReadyOrders)
    .where(eq(aiReadyOrders.accountId, accountId))
    .orderBy(asc(aiReadyOrders.createdAt), asc(aiReadyOrders.id));
}

/** GET /api/notification-rules: the rules, and what the editor offers (members who may view calls, AI employees). */
export async function rulesPage(accountId: string): Promise<{ items: RuleView[]; members: RuleMember[]; aiEmployees: Array<{ id: string; name: string }> }> {
  const db = await getDb();
  const rows = await db.select().from(notificationRules).where(eq(notificationRules.accountId, accountId)).orderBy(asc(notificationRules.createdAt), asc(notificationRules.id));
  return { items: rows.map(ruleView), members: await ruleMembers(accountId, db), aiEmployees: await accountAiEmployees(accountId, db) };
}

/**
 * What the schema cannot check: the members must be the account's and may
 * view calls; an SMS rule names no members (a member has no mobile number on
 * file: its recipients are the numbers under extraRecipients; ADR 0129); the
 * AI employees must be the account's; extra recipients are addresses for
 * e-mail, mobile numbers (E.164, in the account's country) for SMS. The
 * phrase is kept only for the phrase condition. A 400 names the field.
 */
async function checked(db: DbOrTx, account: AccountRef, body: RuleBody): Promise<RuleBody> {
  const memberIds = [...new Set(body.memberUserIds)];
  if (body.channel === "sms" && memberIds.length) {
    throw badRequest("memberUserIds: an SMS rule reaches mobile numbers only (members have no mobile number on file): add their numbers under extraRecipients");
  }
  if (memberIds.length) {
    const allowed = new Set((await ruleMembers(account.id, db)).map((m) => m.userId));
    const bad = body.memberUserIds.findIndex((id) => !allowed.has(id));
    if (bad >= 0) throw badRequest(`memberUserIds.${bad}: "${body.memberUserIds[bad]}" is not a member of this account who may view calls`);
  }
  const aiIds = [...new Set(body.aiEmployeeIds)];
  if (aiIds.length) {
    const owned = new Set(
      (
        await db
          .select({ id: aiReadyOrders.id })
          .from(aiReadyOrders)
          .where(and(eq(aiReadyOrders.accountId, account.id), inArray(aiReadyOrders.id, aiIds)))
      ).map((r) => r.id),
    );
    const bad = body.aiEmployeeIds.findIndex((id) => !owned.has(id));
    if (bad >= 0) throw badRequest(`aiEmployeeIds.${bad}: "${body.aiEmployeeIds[bad]}" is not an AI employee of this account`);
  }
  const recipients = normaliseRecipients(body.channel, body.extraRecipients, phoneCountry(countryOfTimeZone(account.timeZone)));
  if ("problem" in recipients) throw badRequest(recipients.problem);
  return { ...body, memberUserIds: memberIds, aiEmployeeIds: aiIds, extraRecipients: recipients.recipients, phrase: body.condition === "phrase" ? body.phrase : null };
}

const columns = (b: RuleBody) => ({
  name: b.name,
  channel: b.channel,
  condition: b.condition,
  phrase: b.phrase,
  aiEmployeeIds: b.aiEmployeeIds,
  memberUserIds: b.memberUserIds,
  extraRecipients: b.extraRecipients,
  quietStart: b.quietHours?.start ?? null,
  quietEnd: b.quietHours?.end ?? null,
  enabled: b.enabled,
});

/** Serialises rule creation per account, so two at once cannot pass the limit. */
const lockAccountRules = (tx: DbOrTx, accountId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notification-rules:${accountId}`}, 0))`);

/** POST /api/notification-rules: at most MAX_RULES per account (409). */
export async function createRule(account: AccountRef, body: RuleBody): Promise<RuleView> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockAccountRules(tx, account.id);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(notificationRules).where(eq(notificationRules.accountId, account.id));
    if (n >= MAX_RULES) throw conflict(`An account can have at most ${MAX_RULES} notification rules`);
    const good = await checked(tx, account, body);
    const inserted = await tx
      .insert(notificationRules)
      .values({ id: randomUUID(), accountId: account.id, ...columns(good) })
      .returning();
    if (inserted.length !== 1) throw new Error(`rule insert stored ${inserted.length} rows, not 1`);
    return ruleView(inserted[0]!);
  });
}

/** A PATCH body: any of the rule's fields (merged with the stored rule, then checked as a whole). */
export const rulePatchSchema = z.record(z.string(), z.unknown(), { error: "must be a JSON object" });

/** PATCH /api/notification-rules/{id}: the stored rule with the fields given, checked with ruleBodySchema and the account's members and AI employees. */
export async function patchRule(account: AccountRef, id: string, patch: Record<string, unknown>): Promise<RuleView> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await ownedRule(account.id, id, tx, { lock: true });
    const parsed = ruleBodySchema.safeParse({ ...ruleBody(current), ...patch });
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const good = await checked(tx, account, parsed.data);
    const updated = await tx
      .update(notificationRules)
      .set({ ...columns(good), updatedAt: new Date() })
      .where(and(eq(notificationRules.id, current.id), eq(notificationRules.accountId, account.id)))
      .returning();
    if (updated.length !== 1) throw new Error(`rule update changed ${updated.length} rows, not 1`);
    return ruleView(updated[0]!);
  });
}

/** DELETE /api/notification-rules/{id}: its opt-outs and sent-notification rows go with it (foreign keys cascade). */
export async function deleteRule(accountId: string, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const rule = await ownedRule(accountId, id, tx, { lock: true });
    const deleted = await tx
      .delete(notificationRules)
      .where(and(eq(notificationRules.id, rule.id), eq(notificationRules.accountId, accountId)))
      .returning({ id: notificationRules.id });
    if (deleted.length !== 1) throw new Error(`rule delete removed ${deleted.length} rows, not 1`);
  });
}

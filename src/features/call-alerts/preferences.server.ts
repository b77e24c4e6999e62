import "server-only";
import { and, arrayContains, asc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { badRequest } from "@/lib/http/errors";
import { memberNotificationPrefs, notificationOptOuts, notificationRules } from "@/db/schema";
import type { PreferencesBody, PreferencesView } from "./rule.schema";

/**
 * A member's own notifications (issue 25): which of the rules naming them
 * reach them, and the daily summary. A member is reached at their login's
 * e-mail address, so turning a rule off is the opt-out of that address for
 * that rule, the very row the e-mail's one-click unsubscribe writes.
 */

type Member = { accountId: string; userId: string; email: string };

const DEFAULT_PREFS = { dailySummary: true, dailySummaryWhenQuiet: false };

async function rulesNaming(db: DbOrTx, m: Member) {
  return db
    .select({ id: notificationRules.id, name: notificationRules.name, channel: notificationRules.channel, condition: notificationRules.condition, enabled: notificationRules.enabled })
    .from(notificationRules)
    .where(and(eq(notificationRules.accountId, m.accountId), arrayContains(notificationRules.memberUserIds, [m.userId])))
    .orderBy(asc(notificationRules.createdAt), asc(notificationRules.id));
}

/** GET /api/account/notification-preferences. */
export async function memberPreferences(m: Member, db?: DbOrTx): Promise<PreferencesView> {
  const q = db ?? (await getDb());
  const rules = await rulesNaming(q, m);
  const optedOut = rules.length
    ? new Set(
        (
          await q
            .select({ ruleId: notificationOptOuts.ruleId })
            .from(notificationOptOuts)
            .where(
              and(
                inArray(
                  notificationOptOuts.ruleId,
                  rules.map((r) => r.id),
                ),
                eq(notificationOptOuts.recipient, m.email.toLowerCase()),
              ),
            )
        ).map((r) => r.ruleId),
      )
    : new Set<string>();
  const [prefs] = await q
    .select({ dailySummary: memberNotificationPrefs.dailySummary, dailySummaryWhenQuiet: memberNotificationPrefs.dailySummaryWhenQuiet })
    .from(memberNotificationPrefs)
    .where(and(eq(memberNotificationPrefs.accountId, m.accountId), eq(memberNotificationPrefs.userId, m.userId)))
    .limit(1);
  return { rules: rules.map((r) => ({ ...r, receiving: !optedOut.has(r.id) })), ...(prefs ?? DEFAULT_PREFS) };
}

/** Sets a member's daily-summary choices (the fields given; the others keep their value). */
export async function setDailySummaryPrefs(db: DbOrTx, m: Pick<Member, "accountId" | "userId">, set: { dailySummary?: boolean; dailySummaryWhenQuiet?: boolean }): Promise<void> {
  if (set.dailySummary === undefined && set.dailySummaryWhenQuiet === undefined) return;
  const values = { ...DEFAULT_PREFS, ...set, accountId: m.accountId, userId: m.userId, updatedAt: new Date() };
  const done = await db
    .insert(memberNotificationPrefs)
    .values(values)
    .onConflictDoUpdate({ target: [memberNotificationPrefs.accountId, memberNotificationPrefs.userId], set: { ...set, updatedAt: values.updatedAt } })
    .returning({ userId: memberNotificationPrefs.userId });
  if (done.length !== 1) throw new Error(`daily summary preferences changed ${done.length} rows, not 1`);
}

/**
 * PUT /api/account/notification-preferences: `rules` maps rule ids to
 * whether they reach the member (each must be a rule of the account naming
 * them: 400 otherwise, nothing changed); the daily summary fields are set
 * when given.
 */
export async function putMemberPreferences(m: Member, body: PreferencesBody): Promise<PreferencesView> {
  const db = await getDb();
  const recipient = m.email.toLowerCase();
  return db.transaction(async (tx) => {
    const mine = new Set((await rulesNaming(tx, m)).map((r) => r.id));
    const stranger = Object.keys(body.rules).find((id) => !mine.has(id));
    if (stranger !== undefined) throw badRequest(`rules.${stranger}: not a notification rule that reaches you`);
    const off = Object.entries(body.rules)
      .filter(([, on]) => !on)
      .map(([id]) => id);
    const on = Object.entries(body.rules)
      .filter(([, v]) => v)
      .map(([id]) => id);
    if (off.length)
      await tx
        .insert(notificationOptOuts)
        .values(off.map((ruleId) => ({ ruleId, recipient })))
        .onConflictDoNothing();
    if (on.length) await tx.delete(notificationOptOuts).where(and(inArray(notificationOptOuts.ruleId, on), eq(notificationOptOuts.recipient, recipient)));
    await setDailySummaryPrefs(tx, m, body);
    return memberPreferences(m, tx);
  });
}

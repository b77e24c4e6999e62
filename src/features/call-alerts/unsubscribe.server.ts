import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { member, memberNotificationPrefs, notificationOptOuts, notificationRules, organization, user } from "@/db/schema";
import { setDailySummaryPrefs } from "./preferences.server";
import { readUnsubscribeToken } from "./unsubscribe-token.server";

/**
 * The unsubscribe link of a notification e-mail (issue 25, RFC 8058): the
 * page (GET) says what the link turns off and changes nothing; the one-click
 * POST turns it off. The signed token is the authorization.
 */

export type UnsubscribeState =
  | { kind: "invalid" }
  /** The rule or the membership no longer exists: nothing is sent any more. */
  | { kind: "gone" }
  | { kind: "rule"; ruleName: string; recipient: string; accountName: string; done: boolean }
  | { kind: "digest"; email: string; accountName: string; done: boolean };

/** What the link turns off, and whether it is off already. */
export async function describeUnsubscribe(token: string | null | undefined): Promise<UnsubscribeState> {
  const target = token ? readUnsubscribeToken(token) : null;
  if (!target) return { kind: "invalid" };
  const db = await getDb();
  if (target.kind === "rule") {
    const [rule] = await db
      .select({ name: notificationRules.name, accountName: organization.name })
      .from(notificationRules)
      .innerJoin(organization, eq(organization.id, notificationRules.accountId))
      .where(eq(notificationRules.id, target.ruleId))
      .limit(1);
    if (!rule) return { kind: "gone" };
    const [out] = await db
      .select({ ruleId: notificationOptOuts.ruleId })
      .from(notificationOptOuts)
      .where(and(eq(notificationOptOuts.ruleId, target.ruleId), eq(notificationOptOuts.recipient, target.recipient)))
      .limit(1);
    return { kind: "rule", ruleName: rule.name, recipient: target.recipient, accountName: rule.accountName, done: Boolean(out) };
  }
  const [m] = await db
    .select({ email: user.email, accountName: organization.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.organizationId, target.accountId), eq(member.userId, target.userId)))
    .limit(1);
  if (!m) return { kind: "gone" };
  const [prefs] = await db
    .select({ on: memberNotificationPrefs.dailySummary })
    .from(memberNotificationPrefs)
    .where(and(eq(memberNotificationPrefs.accountId, target.accountId), eq(memberNotificationPrefs.userId, target.userId)))
    .limit(1);
  return { kind: "digest", email: m.email, accountName: m.accountName, done: prefs ? !prefs.on : false };
}

/**
 * The one-click POST: a rule for one recipient gets an opt-out (the rule
 * still reaches everyone else); a daily summary is turned off for that
 * member. Repeating it changes nothing. False when the token is not ours.
 */
export async function applyUnsubscribe(token: string | null | undefined): Promise<boolean> {
  const target = token ? readUnsubscribeToken(token) : null;
  if (!target) return false;
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (target.kind === "rule") {
      const [rule] = await tx.select({ id: notificationRules.id }).from(notificationRules).where(eq(notificationRules.id, target.ruleId)).limit(1);
      if (rule) await tx.insert(notificationOptOuts).values({ ruleId: rule.id, recipient: target.recipient }).onConflictDoNothing();
      return;
    }
    const [m] = await tx
      .select({ userId: member.userId })
      .from(member)
      .where(and(eq(member.organizationId, target.accountId), eq(member.userId, target.userId)))
      .limit(1);
    if (m) await setDailySummaryPrefs(tx, target, { dailySummary: false });
  });
  return true;
}

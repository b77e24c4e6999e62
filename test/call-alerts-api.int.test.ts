import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { memberNotificationPrefs, notificationOptOuts, notificationRules, organization } from "@/db/schema";
import { MAX_RULES, type PreferencesView, type RuleView } from "@/features/call-alerts/rule.schema";
import { unsubscribeToken } from "@/features/call-alerts/unsubscribe-token.server";
import * as rulesRoute from "@app/api/notification-rules/route";
import * as ruleRoute from "@app/api/notification-rules/[id]/route";
import * as prefsRoute from "@app/api/account/notification-preferences/route";
import * as unsubscribeRoute from "@app/api/unsubscribe/route";
import UnsubscribePage from "@app/unsubscribe/page";
import { memberOf } from "./account-helpers";
import { call, type TestUser } from "./http-helpers";
import { customerWithAiEmployee } from "./interactions-fixtures";
import { insertOrder } from "./order-fixtures";

/** Issue 25: the notification rules API, members' own preferences, and the unsubscribe link (POST and page). */

const RULES = "/api/notification-rules";
const PREFS = "/api/account/notification-preferences";
const list = (u: TestUser) => call(rulesRoute.GET, { path: RULES, cookie: u.cookie });
const create = (u: TestUser, body: unknown) => call(rulesRoute.POST, { method: "POST", path: RULES, cookie: u.cookie, body });
const patch = (u: TestUser, id: string, body: unknown) => call(ruleRoute.PATCH, { method: "PATCH", path: `${RULES}/${id}`, cookie: u.cookie, body, params: { id } });
const remove = (u: TestUser, id: string) => call(ruleRoute.DELETE, { method: "DELETE", path: `${RULES}/${id}`, cookie: u.cookie, params: { id } });
const prefs = (u: TestUser) => call(prefsRoute.GET, { path: PREFS, cookie: u.cookie });
const putPrefs = (u: TestUser, body: unknown) => call(prefsRoute.PUT, { method: "PUT", path: PREFS, cookie: u.cookie, body });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

async function storedRules(accountId: string) {
  const db = await getDb();
  return db.select().from(notificationRules).where(eq(notificationRules.accountId, accountId));
}

type Account = { owner: TestUser; manager: TestUser; staff: TestUser; billing: TestUser; accountId: string; orderId: string };

async function account(timeZone = "America/New_York"): Promise<Account> {
  const c = await customerWithAiEmployee();
  const db = await getDb();
  expect(await db.update(organization).set({ timeZone, name: "Bayview Plumbing" }).where(eq(organization.id, c.user.id)).returning({ id: organization.id })).toHaveLength(1);
  return {
    owner: c.user,
    manager: await memberOf(c.user.id, "manager", { alone: true }),
    staff: await memberOf(c.user.id, "staff", { alone: true }),
    billing: await memberOf(c.user.id, "billing", { alone: true }),
    accountId: c.user.id,
    orderId: c.orderId,
  };
}

let a: Account;
let other: Account;
beforeAll(async () => {
  a = await account();
  other = await account("Europe/London");
});

describe("notification rules", () => {
  it("round trip: create (201), list with the members who may view calls and the AI employees, change, delete (204)", async () => {
    const res = await create(a.owner, {
      name: "  Front desk  ",
      channel: "email",
      condition: "leads_and_bookings",
      phrase: "ignored for this condition",
      memberUserIds: [a.owner.id, a.staff.id, a.staff.id],
      extraRecipients: ["Desk@Example.com", "desk@example.com"],
      aiEmployeeIds: [a.orderId],
      quietHours: { start: "22:00", end: "07:00" },
    });
    expect(res.status).toBe(201);
    const rule = (await res.json()) as RuleView;
    expect(rule).toMatchObject({
      name: "Front desk",
      channel: "email",
      condition: "leads_and_bookings",
      phrase: null,
      memberUserIds: [a.owner.id, a.staff.id],
      extraRecipients: ["desk@example.com"],
      aiEmployeeIds: [a.orderId],
      quietHours: { start: "22:00", end: "07:00" },
      enabled: true,
    });

    const manager = await list(a.manager);
    expect(manager.status).toBe(200);
    const page = (await manager.json()) as { items: RuleView[]; members: Array<{ userId: string; role: string; email: string; name: string }>; aiEmployees: Array<{ id: string; name: string }> };
    expect(page.items).toEqual([rule]);
    expect(page.members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [a.owner.id, "owner"],
        [a.manager.id, "manager"],
        [a.staff.id, "staff"],
      ].sort(),
    );
    expect(page.members.find((m) => m.userId === a.staff.id)).toMatchObject({ email: a.staff.email, name: "Test User" });
    expect(page.aiEmployees).toEqual([{ id: a.orderId, name: "Nova" }]);

    const changed = await patch(a.manager, rule.id, { condition: "phrase", phrase: "water heater", enabled: false, quietHours: null });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: rule.id,
      name: "Front desk",
      condition: "phrase",
      phrase: "water heater",
      enabled: false,
      quietHours: null,
      extraRecipients: ["desk@example.com"],
    });
    const [row] = await storedRules(a.accountId);
    expect(row).toMatchObject({ condition: "phrase", phrase: "water heater", enabled: false, quietStart: null, quietEnd: null });

    expect((await remove(a.owner, rule.id)).status).toBe(204);
    expect(await storedRules(a.accountId)).toHaveLength(0);
    const again = await remove(a.owner, rule.id);
    expect(again.status).toBe(404);
    expect(await message(again)).toBe("Notification rule not found");
  });

  it("refuses bad rules with a 400 naming the field, storing nothing", async () => {
    const good = { name: "Texts", channel: "sms", condition: "every_call", extraRecipients: ["(212) 555-0100"] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, extraRecipients: ["(212) 555-0100", "555"] }, 'extraRecipients.1: "555" is not a valid mobile number'],
      [{ ...good, extraRecipients: ["+1 800 555 0100"] }, 'extraRecipients.0: "+1 800 555 0100" is not a valid mobile number'],
      [{ ...good, channel: "email", extraRecipients: ["ok@example.com", "not-an-address"] }, 'extraRecipients.1: "not-an-address" is not a valid e-mail address'],
      [{ ...good, memberUserIds: [a.owner.id] }, "memberUserIds: an SMS rule reaches mobile numbers only (members have no mobile number on file): add their numbers under extraRecipients"],
      [{ ...good, channel: "email", extraRecipients: [], memberUserIds: [a.owner.id, other.owner.id] }, `memberUserIds.1: "${other.owner.id}" is not a member of this account who may view calls`],
      [{ ...good, channel: "email", extraRecipients: [], memberUserIds: [a.billing.id] }, `memberUserIds.0: "${a.billing.id}" is not a member of this account who may view calls`],
      [{ ...good, aiEmployeeIds: [other.orderId] }, `aiEmployeeIds.0: "${other.orderId}" is not an AI employee of this account`],
      [{ ...good, extraRecipients: [] }, "memberUserIds: choose at least one member or add a recipient"],
      [{ ...good, condition: "phrase" }, "phrase: is required when the condition is a word or phrase in the summary"],
      [{ ...good, condition: "sometimes" }, "condition: must be one of: every_call, leads_and_bookings, missed_and_voicemail, urgent, phrase"],
      [{ ...good, quietHours: { start: "22:00", end: "25:00" } }, "quietHours.end: must be a time HH:MM (00:00 to 23:59)"],
      [{ ...good, name: "" }, "name: is required"],
      [{ ...good, colour: "red" }, 'Unrecognized key: "colour"'],
    ];
    for (const [body, expected] of cases) {
      const res = await create(a.owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toBe(expected);
    }
    expect(await storedRules(a.accountId)).toHaveLength(0);

    // A London account reads numbers the British way; a change is checked as a whole and stores nothing when refused.
    const uk = await create(other.owner, { ...good, extraRecipients: ["07400 123456"] });
    expect(uk.status).toBe(201);
    const ukRule = (await uk.json()) as RuleView;
    expect(ukRule.extraRecipients).toEqual(["+447400123456"]);
    const bad = await patch(other.owner, ukRule.id, { channel: "email" });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe('extraRecipients.0: "+447400123456" is not a valid e-mail address');
    const notObject = await patch(other.owner, ukRule.id, ["x"]);
    expect(notObject.status).toBe(400);
    const [stored] = await storedRules(other.accountId);
    expect(stored).toMatchObject({ channel: "sms", extraRecipients: ["+447400123456"], updatedAt: new Date(ukRule.updatedAt) });
    expect((await remove(other.owner, ukRule.id)).status).toBe(204);
  });

  it(`allows at most ${MAX_RULES} rules per account (409)`, async () => {
    const fresh = await customerWithAiEmployee();
    const body = { name: "R", channel: "email", condition: "every_call", extraRecipients: ["r@example.com"] };
    const created = await Promise.all(Array.from({ length: MAX_RULES + 2 }, () => create(fresh.user, body)));
    expect(created.filter((r) => r.status === 201)).toHaveLength(MAX_RULES);
    const refused = created.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    expect(await message(refused[0]!)).toBe(`An account can have at most ${MAX_RULES} notification rules`);
    expect(await storedRules(fresh.user.id)).toHaveLength(MAX_RULES);
  });

  it("another account sees 404 for every route of a rule, its list stays its own, and nothing changes", async () => {
    const rule = (await (await create(a.owner, { name: "Mine", channel: "email", condition: "every_call", extraRecipients: ["mine@example.com"] })).json()) as RuleView;
    const p = await patch(other.owner, rule.id, { name: "Stolen" });
    expect(p.status).toBe(404);
    expect(await message(p)).toBe("Notification rule not found");
    const d = await remove(other.owner, rule.id);
    expect(d.status).toBe(404);
    expect(await message(d)).toBe("Notification rule not found");
    const theirs = (await (await list(other.owner)).json()) as { items: RuleView[]; members: Array<{ userId: string }>; aiEmployees: Array<{ id: string }> };
    expect(theirs.items.map((r) => r.id)).not.toContain(rule.id);
    expect(theirs.members.map((m) => m.userId)).not.toContain(a.owner.id);
    expect(theirs.aiEmployees).toEqual([{ id: other.orderId, name: "Nova" }]);
    // Their preferences cannot turn it off either.
    const pr = await putPrefs(other.owner, { rules: { [rule.id]: false } });
    expect(pr.status).toBe(400);
    const [stored] = await storedRules(a.accountId);
    expect(stored).toMatchObject({ id: rule.id, name: "Mine" });
    const db = await getDb();
    expect(await db.select().from(notificationOptOuts).where(eq(notificationOptOuts.ruleId, rule.id))).toHaveLength(0);
    expect((await remove(a.owner, rule.id)).status).toBe(204);
  });

  it("staff and billing may not manage rules (403); staff read and set their own preferences, billing may not", async () => {
    for (const u of [a.staff, a.billing]) {
      expect((await list(u)).status).toBe(403);
      expect((await create(u, { name: "x", channel: "email", condition: "every_call", extraRecipients: ["x@example.com"] })).status).toBe(403);
      expect((await patch(u, randomUUID(), { name: "x" })).status).toBe(403);
      expect((await remove(u, randomUUID())).status).toBe(403);
    }
    const denied = await list(a.staff);
    expect(await message(denied)).toContain("(integrations.manage)");
    expect((await prefs(a.staff)).status).toBe(200);
    expect((await putPrefs(a.staff, { dailySummary: true })).status).toBe(200);
    expect((await prefs(a.billing)).status).toBe(403);
  });
});

describe("a member's own notifications", () => {
  it("round trip: the rules naming them, turned off and on for themselves only; the daily summary choices", async () => {
    const named = (await (await create(a.owner, { name: "Missed calls", channel: "email", condition: "missed_and_voicemail", memberUserIds: [a.staff.id, a.manager.id] })).json()) as RuleView;
    const notNamed = (await (await create(a.owner, { name: "Owner only", channel: "email", condition: "every_call", memberUserIds: [a.owner.id] })).json()) as RuleView;
    const start = (await (await prefs(a.staff)).json()) as PreferencesView;
    expect(start).toEqual({
      rules: [{ id: named.id, name: "Missed calls", channel: "email", condition: "missed_and_voicemail", receiving: true, enabled: true }],
      dailySummary: true,
      dailySummaryWhenQuiet: false,
    });

    const off = await putPrefs(a.staff, { rules: { [named.id]: false }, dailySummary: false, dailySummaryWhenQuiet: true });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ ...start, rules: [{ ...start.rules[0]!, receiving: false }], dailySummary: false, dailySummaryWhenQuiet: true });
    const db = await getDb();
    expect(await db.select({ to: notificationOptOuts.recipient }).from(notificationOptOuts).where(eq(notificationOptOuts.ruleId, named.id))).toEqual([{ to: a.staff.email.toLowerCase() }]);
    // The manager, named by the same rule, still receives it.
    expect(((await (await prefs(a.manager)).json()) as PreferencesView).rules[0]).toMatchObject({ id: named.id, receiving: true });

    // A rule that does not name them: refused, nothing changed.
    const refused = await putPrefs(a.staff, { rules: { [named.id]: true, [notNamed.id]: false } });
    expect(refused.status).toBe(400);
    expect(await message(refused)).toBe(`rules.${notNamed.id}: not a notification rule that reaches you`);
    expect(((await (await prefs(a.staff)).json()) as PreferencesView).rules[0]!.receiving).toBe(false);
    expect((await putPrefs(a.staff, { rules: { [named.id]: "no" } })).status).toBe(400);

    const on = (await (await putPrefs(a.staff, { rules: { [named.id]: true } })).json()) as PreferencesView;
    expect(on.rules[0]!.receiving).toBe(true);
    // Unsent fields keep their value.
    expect(on).toMatchObject({ dailySummary: false, dailySummaryWhenQuiet: true });
    expect(await db.select().from(notificationOptOuts).where(eq(notificationOptOuts.ruleId, named.id))).toHaveLength(0);
    for (const r of [named, notNamed]) expect((await remove(a.owner, r.id)).status).toBe(204);
  });
});

describe("the unsubscribe link", () => {
  const postForm = (token: string | null, origin = "https://mail.example.net") =>
    unsubscribeRoute.POST(
      new Request(`http://localhost:3000/api/unsubscribe${token === null ? "" : `?token=${encodeURIComponent(token)}`}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: "List-Unsubscribe=One-Click",
      }),
      { params: Promise.resolve({}) },
    );
  const pageText = async (token: string | undefined) =>
    renderToStaticMarkup(await UnsubscribePage({ searchParams: Promise.resolve(token === undefined ? {} : { token }) }))
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");

  it("a rule's link: the page says what it turns off and changes nothing; the one-click POST turns it off for that recipient", async () => {
    const rule = (await (await create(a.owner, { name: "Every call", channel: "email", condition: "every_call", extraRecipients: ["desk@example.com", "boss@example.com"] })).json()) as RuleView;
    const token = unsubscribeToken({ kind: "rule", ruleId: rule.id, recipient: "desk@example.com" });
    const before = await pageText(token);
    expect(before).toContain("You will no longer receive “Every call” at desk@example.com .");
    expect(before).toContain("Unsubscribe");
    const html = renderToStaticMarkup(await UnsubscribePage({ searchParams: Promise.resolve({ token }) }));
    expect(html).toContain(`action="/api/unsubscribe?token=${encodeURIComponent(token)}"`);
    expect(html).toContain('method="post"');
    const db = await getDb();
    expect(await db.select().from(notificationOptOuts).where(eq(notificationOptOuts.ruleId, rule.id))).toHaveLength(0);

    const res = await postForm(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toBe("You are unsubscribed.");
    expect(await db.select({ to: notificationOptOuts.recipient }).from(notificationOptOuts).where(eq(notificationOptOuts.ruleId, rule.id))).toEqual([{ to: "desk@example.com" }]);
    // Again: still 200, one row; the page now says it is done.
    expect((await postForm(token)).status).toBe(200);
    expect(await db.select().from(notificationOptOuts).where(eq(notificationOptOuts.ruleId, rule.id))).toHaveLength(1);
    expect(await pageText(token)).toContain("You are unsubscribed.");
    expect((await remove(a.owner, rule.id)).status).toBe(204);
    expect(await pageText(token)).toContain("this notification no longer exists");
    expect((await postForm(token)).status).toBe(200);
  });

  it("a daily summary's link turns that member's summary off; JSON when asked for", async () => {
    const token = unsubscribeToken({ kind: "digest", accountId: a.accountId, userId: a.manager.id });
    expect(await pageText(token)).toContain(`You will no longer receive the daily summary of Bayview Plumbing at ${a.manager.email} .`);
    const db = await getDb();
    const prefsRow = () =>
      db
        .select()
        .from(memberNotificationPrefs)
        .where(and(eq(memberNotificationPrefs.accountId, a.accountId), eq(memberNotificationPrefs.userId, a.manager.id)));
    expect(await prefsRow()).toHaveLength(0);
    const res = await unsubscribeRoute.POST(
      new Request(`http://localhost:3000/api/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "unsubscribed", message: "You are unsubscribed." });
    expect(await prefsRow()).toMatchObject([{ dailySummary: false, dailySummaryWhenQuiet: false }]);
    expect(((await (await prefs(a.manager)).json()) as PreferencesView).dailySummary).toBe(false);
  });

  it("an altered or missing token: 400 and nothing changes; the page says the link is not valid", async () => {
    const rule = (await (await create(a.owner, { name: "Every call", channel: "email", condition: "every_call", extraRecipients: ["desk@example.com"] })).json()) as RuleView;
    const token = unsubscribeToken({ kind: "rule", ruleId: rule.id, recipient: "desk@example.com" });
    const forged = unsubscribeToken({ kind: "rule", ruleId: rule.id, recipient: "other@example.com" }).split(".")[0] + "." + token.split(".")[1];
    for (const t of [forged, `${token}x`, "", null]) {
      const res = await postForm(t);
      expect(res.status).toBe(400);
      expect(await message(res)).toBe("This unsubscribe link is not valid.");
    }
    const db = await getDb();
    expect(await db.select().from(notificationOptOuts).where(eq(notificationOptOuts.ruleId, rule.id))).toHaveLength(0);
    expect(await pageText(forged)).toContain("This unsubscribe link is not valid.");
    expect(await pageText(undefined)).toContain("This unsubscribe link is not valid.");
    expect((await remove(a.owner, rule.id)).status).toBe(204);
  });
});

describe("AI employees named by a rule", () => {
  it("may be any of the account's, not another's", async () => {
    const second = await insertOrder("Max", "+1 (555) 010-7799", { customerEmail: a.owner.email, status: "claimed", accountId: a.accountId, claimedByUserId: a.owner.id });
    const res = await create(a.owner, { name: "Max only", channel: "email", condition: "urgent", aiEmployeeIds: [second], extraRecipients: ["x@example.com"] });
    expect(res.status).toBe(201);
    const rule = (await res.json()) as RuleView;
    expect(rule.aiEmployeeIds).toEqual([second]);
    const moved = await patch(a.owner, rule.id, { aiEmployeeIds: [second, other.orderId] });
    expect(moved.status).toBe(400);
    expect(await message(moved)).toBe(`aiEmployeeIds.1: "${other.orderId}" is not an AI employee of this account`);
    expect((await remove(a.owner, rule.id)).status).toBe(204);
  });
});

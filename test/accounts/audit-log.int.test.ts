import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { auditEvents, organization } from "@/db/schema";
import { auditLogPage, readAuditPosition, type AuditPage } from "@/features/accounts/audit-log.server";
import { GET as auditCsv } from "@app/api/account/audit-log.csv/route";
import { call, createUser } from "../http-helpers";
import { addMember, createOwner, newAddress, org, orgChangingRows, type Owner } from "./account-helpers";

const csvAs = (who: { cookie: string } | null) => call(auditCsv, { path: "/api/account/audit-log.csv", cookie: who?.cookie });

/** Every entry of the account's log, walking the "Older" links from the first page. */
async function walkOlder(accountId: string, pageSize: number): Promise<{ pages: AuditPage[]; ids: string[] }> {
  const pages: AuditPage[] = [];
  let page = await auditLogPage(accountId, null, pageSize);
  pages.push(page);
  while (page.olderCursor) {
    page = await auditLogPage(accountId, readAuditPosition({ older: page.olderCursor }), pageSize);
    pages.push(page);
  }
  return { pages, ids: pages.flatMap((p) => p.entries.map((e) => e.id)) };
}

describe("the audit log (issue 22)", () => {
  let owner: Owner;
  let staffEmail: string;
  beforeAll(async () => {
    owner = await createOwner();
    staffEmail = newAddress("desk");
    const staff = await addMember(owner, "staff", staffEmail);
    expect((await org("update-member-role", { memberId: staff.memberId, role: "manager", organizationId: owner.accountId }, owner)).status).toBe(200);
    expect((await org("remove-member", { memberIdOrEmail: staff.memberId, organizationId: owner.accountId }, owner)).status).toBe(200);
  });

  it("records invite, join, role change and removal, newest first", async () => {
    const { entries } = await auditLogPage(owner.accountId, null);
    const members = entries.filter((e) => e.action.startsWith("member."));
    expect(members.map((e) => e.action)).toEqual(["member.removed", "member.role_changed", "member.joined", "member.invited"]);
    expect(members.map((e) => e.label)).toEqual(["Removed a member", "Changed a member's role", "Joined the account", "Invited a member"]);
    expect(members.find((e) => e.action === "member.invited")).toMatchObject({ detail: `${staffEmail} as Staff` });
    expect(members.find((e) => e.action === "member.joined")).toMatchObject({ detail: "as Staff" });
    expect(members.find((e) => e.action === "member.role_changed")!.detail).toMatch(/ to Manager$/);
  });

  /**
   * KNOWN GAP, in src/features/accounts/account-auth-hooks.server.ts (not
   * this helper's file): better-auth runs the after hook on a copy of the
   * endpoint's context whose `session` is null, so every member and
   * business-details entry has no actor; and the plugin answers role changes
   * and removals with user ids, which the log shows instead of the address.
   * The fix (read the session with getSessionFromCtx, look the address up)
   * is in the report; once it is applied this test fails: make it `it(...)`.
   */
  it("each entry names who did it, and the member by e-mail", async () => {
    const { entries } = await auditLogPage(owner.accountId, null);
    const byAction = Object.fromEntries(entries.filter((e) => e.action.startsWith("member.")).map((e) => [e.action, e]));
    expect(byAction["member.invited"]).toMatchObject({ actorEmail: owner.email, detail: `${staffEmail} as Staff` });
    expect(byAction["member.joined"]).toMatchObject({ actorEmail: staffEmail, detail: "as Staff" });
    expect(byAction["member.role_changed"]).toMatchObject({ actorEmail: owner.email, detail: `${staffEmail} to Manager` });
    expect(byAction["member.removed"]).toMatchObject({ actorEmail: owner.email, detail: staffEmail });
    const saved = await org("update", { data: { name: "Renamed" }, organizationId: owner.accountId }, owner);
    expect(saved.status).toBe(200);
    const { entries: after } = await auditLogPage(owner.accountId, null);
    expect(after.find((e) => e.action === "settings.changed")).toMatchObject({ actorEmail: owner.email });
  });

  it("is paged on the server by 50, keyset on time then id, microseconds and ties included, with Older and Newer", async () => {
    const own = await createOwner();
    const db = await getDb();
    // Only the entries below: the sign-in that created the login is cleared first.
    const cleared = await db.delete(auditEvents).where(eq(auditEvents.accountId, own.accountId)).returning({ id: auditEvents.id });
    expect(cleared.map((r) => r.id)).toHaveLength(1);
    // 130 entries: 60 at the very same instant (the id breaks the tie), 10 a microsecond apart, 60 a second apart.
    await db.execute(sql`
      insert into audit_events (id, account_id, actor_email, action, detail, created_at)
      select 'tie-' || lpad(g::text, 3, '0'), ${own.accountId}, 'a@example.com', 'settings.changed', 'tie ' || g, timestamptz '2026-01-01 10:00:00.5+00'
      from generate_series(1, 60) g
      union all
      select 'us-' || lpad(g::text, 3, '0'), ${own.accountId}, 'a@example.com', 'settings.changed', 'micro ' || g, timestamptz '2026-01-01 11:00:00.000000+00' + g * interval '1 microsecond'
      from generate_series(1, 10) g
      union all
      select 'sec-' || lpad(g::text, 3, '0'), ${own.accountId}, 'a@example.com', 'settings.changed', 'second ' || g, timestamptz '2026-01-01 09:00:00+00' + g * interval '1 second'
      from generate_series(1, 60) g
    `);
    const total = (await db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.accountId, own.accountId))).length;
    expect(total).toBe(130);

    const { pages, ids } = await walkOlder(own.accountId, 50);
    expect(pages.map((p) => p.entries.length)).toEqual([50, 50, 30]);
    expect(new Set(ids).size).toBe(total);
    // Newest first: the microsecond rows (newest last-inserted first), then the tie at 10:00 by id desc, then the seconds.
    expect(ids.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `us-${String(10 - i).padStart(3, "0")}`));
    expect(ids.slice(10, 70)).toEqual(Array.from({ length: 60 }, (_, i) => `tie-${String(60 - i).padStart(3, "0")}`));
    expect(pages[0]!.newerCursor).toBeNull();
    expect(pages[2]!.olderCursor).toBeNull();

    // "Newer" from the last page gives back the middle page, and from there the first.
    const middle = await auditLogPage(own.accountId, readAuditPosition({ newer: pages[2]!.newerCursor! }), 50);
    expect(middle.entries.map((e) => e.id)).toEqual(pages[1]!.entries.map((e) => e.id));
    const top = await auditLogPage(own.accountId, readAuditPosition({ newer: middle.newerCursor! }), 50);
    expect(top.entries.map((e) => e.id)).toEqual(pages[0]!.entries.map((e) => e.id));
    expect(top.newerCursor).toBeNull();

    // A link someone edited is the first page, never an error.
    expect(readAuditPosition({ older: "not a cursor" })).toBeNull();
    expect(readAuditPosition({ older: Buffer.from('["yesterday","x"]').toString("base64url") })).toBeNull();
    expect((await auditLogPage(own.accountId, readAuditPosition({ newer: "%%%" }), 50)).entries.map((e) => e.id)).toEqual(pages[0]!.entries.map((e) => e.id));
  });

  it("shows each account only its own entries", async () => {
    const other = await createOwner();
    await addMember(other, "staff");
    const { ids: otherIds, pages } = await walkOlder(other.accountId, 50);
    const entries = pages.flatMap((p) => p.entries);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.some((e) => e.detail.includes(staffEmail) || e.actorEmail === owner.email)).toBe(false);
    const { ids: ownerIds } = await walkOlder(owner.accountId, 50);
    expect(ownerIds.filter((id) => otherIds.includes(id))).toEqual([]);

    // The CSV of the other account holds none of the first account's entries.
    const res = await csvAs(other);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(staffEmail);
    expect(text).not.toContain(owner.email);
    expect(text.trimEnd().split("\r\n")).toHaveLength(entries.length + 1);
  });

  it("exports every entry as CSV with a header, in the account's time zone, fields quoted safely", async () => {
    const db = await getDb();
    const updated = await db.update(organization).set({ timeZone: "Europe/Berlin" }).where(eq(organization.id, owner.accountId)).returning({ id: organization.id });
    expect(updated).toHaveLength(1);
    await db.insert(auditEvents).values({
      id: randomUUID(),
      accountId: owner.accountId,
      actorEmail: owner.email,
      action: "settings.changed",
      detail: 'Business details: "name", =HYPERLINK("http://x"); billing',
      createdAt: new Date("2026-07-01T12:00:00Z"),
    });
    await db
      .insert(auditEvents)
      .values({ id: randomUUID(), accountId: owner.accountId, actorEmail: owner.email, action: "settings.changed", detail: "=1+1", createdAt: new Date("2026-07-01T12:00:01Z") });
    const res = await csvAs(owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Time (Europe/Berlin),Who,What,Detail,Action");
    const row = lines.find((l) => l.startsWith("2026-07-01T12:00:00.000Z"));
    expect(row).toBe(`2026-07-01T12:00:00.000Z,"Jul 1, 2026 14:00:00",${owner.email},Changed settings,"Business details: ""name"", =HYPERLINK(""http://x""); billing",settings.changed`);
    // A detail a spreadsheet would run as a formula is made inert.
    expect(lines.find((l) => l.startsWith("2026-07-01T12:00:01.000Z"))).toBe(`2026-07-01T12:00:01.000Z,"Jul 1, 2026 14:00:01",${owner.email},Changed settings,'=1+1,settings.changed`);
    const { ids } = await walkOlder(owner.accountId, 50);
    expect(lines.filter((l) => l !== "").length).toBe(ids.length + 1);
  });

  it("the CSV is for owners and managers: staff and billing get 403 naming the permission, anonymous 401, another account's member only their own", async () => {
    const own = await createOwner();
    const manager = await addMember(own, "manager");
    const staff = await addMember(own, "staff");
    const billing = await addMember(own, "billing");
    expect((await csvAs(manager)).status).toBe(200);
    for (const who of [staff, billing]) {
      const res = await csvAs(who);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(/does not allow you to manage members \(members\.manage\)/);
    }
    expect((await csvAs(null)).status).toBe(401);
    // A login without any account (an invitee who has not accepted yet).
    const invitee = newAddress("waiting");
    expect((await org("invite-member", { email: invitee, role: "staff", organizationId: own.accountId }, own)).status).toBe(200);
    const noAccount = await createUser({ email: invitee });
    expect((await csvAs(noAccount)).status).toBe(403);
  });

  it("business details: saved through organization/update, checked by the before hook, logged; staff refused", async () => {
    const own = await createOwner();
    const staff = await addMember(own, "staff");
    const bad = await org("update", { data: { timeZone: "Mars/Olympus" }, organizationId: own.accountId }, own);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Choose a time zone from the list.");
    const badEmail = await org("update", { data: { billingEmail: "not-an-address" }, organizationId: own.accountId }, own);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe("Enter a valid billing e-mail address.");

    const { answer: saved, changed } = await orgChangingRows(
      "update",
      { data: { name: "Bright Smiles Dental", billingEmail: "books@example.com", timeZone: "America/New_York" }, organizationId: own.accountId },
      own,
    );
    expect(saved.status).toBe(200);
    // The new time zone also queues the insight rollups' rebuild in the new zone (issue 26, ADR 0137): one job key.
    expect(changed).toEqual({ organization: 1, audit_events: 1, job_keys: 1 });
    const db = await getDb();
    const [row] = await db.select().from(organization).where(eq(organization.id, own.accountId));
    expect(row).toMatchObject({ name: "Bright Smiles Dental", billingEmail: "books@example.com", timeZone: "America/New_York" });
    const { entries } = await auditLogPage(own.accountId, null);
    expect(entries.find((e) => e.action === "settings.changed")).toMatchObject({ detail: "Business details: name, billingEmail, timeZone" });

    const refused = await org("update", { data: { name: "Taken over" }, organizationId: own.accountId }, staff);
    expect(refused.status).toBe(403);
    const [after] = await db.select().from(organization).where(eq(organization.id, own.accountId));
    expect(after!.name).toBe("Bright Smiles Dental");
  });
});

import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { getDb } from "@/lib/db";
import { account, emailMessages, session, user } from "@/db/schema";
import { GET as getUser } from "@app/api/auth/user/route";
import { authPost, call, cookieFrom, createUser, TEST_PASSWORD, type TestUser } from "../http-helpers";

/**
 * Issue 22, account care: a user changes their name, their password (under
 * the password policy, optionally signing out their other devices) and their
 * e-mail address (a link to the new address makes the change; the old one
 * gets a notice). Each change touches the caller's own row only.
 */

const message = async (res: Response) => ((await res.json()) as { message?: string }).message ?? "";
const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** Every user row, for "exactly these rows changed". */
async function usersSnapshot(): Promise<Map<string, string>> {
  const rows = await (await getDb()).select().from(user);
  return new Map(rows.map((r) => [r.id, JSON.stringify({ ...r, updatedAt: undefined })]));
}

function changedIds(before: Map<string, string>, after: Map<string, string>): string[] {
  const ids = new Set([...before.keys(), ...after.keys()]);
  return [...ids].filter((id) => before.get(id) !== after.get(id));
}

async function signsIn(email: string, password: string): Promise<boolean> {
  return (await authPost("/sign-in/email", { email, password })).status === 200;
}

async function signedIn(cookie: string): Promise<number> {
  return (await call(getUser, { path: "/api/auth/user", cookie })).status;
}

/** Another session of the same login (as from a second device). */
async function secondSession(u: TestUser): Promise<string> {
  const res = await authPost("/sign-in/email", { email: u.email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

describe("your name", () => {
  it("changes first and last name (trimmed) on the caller's row only", async () => {
    const u = await createUser();
    await createUser();
    const before = await usersSnapshot();
    const res = await authPost("/update-user", { firstName: "  Nina ", lastName: "Newname", name: "Nina Newname" }, { cookie: u.cookie });
    expect(res.status).toBe(200);
    const after = await usersSnapshot();
    expect(changedIds(before, after)).toEqual([u.id]);
    const [row] = await (await getDb()).select().from(user).where(eq(user.id, u.id));
    expect([row!.firstName, row!.lastName, row!.name]).toEqual(["Nina", "Newname", "Nina Newname"]);
  });

  it("refuses a name over 100 characters with a message naming the field, and changes nothing", async () => {
    const u = await createUser();
    const before = await usersSnapshot();
    const res = await authPost("/update-user", { firstName: "x".repeat(101) }, { cookie: u.cookie });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("First name must be at most 100 characters.");
    expect(changedIds(before, await usersSnapshot())).toEqual([]);
  });

  it("is refused without a session", async () => {
    const res = await authPost("/update-user", { firstName: "Anon" });
    expect(res.status).toBe(401);
  });
});

describe("password", () => {
  it("refuses a weak new password with the policy's message and keeps the old one", async () => {
    const u = await createUser();
    const [before] = await (await getDb()).select({ password: account.password }).from(account).where(eq(account.userId, u.id));
    const res = await authPost("/change-password", { currentPassword: TEST_PASSWORD, newPassword: "password12345", revokeOtherSessions: true }, { cookie: u.cookie });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^Choose a stronger password: \S/);
    const [after] = await (await getDb()).select({ password: account.password }).from(account).where(eq(account.userId, u.id));
    expect(after!.password).toBe(before!.password);
    expect(await signsIn(u.email, TEST_PASSWORD)).toBe(true);
  });

  it("refuses a wrong current password", async () => {
    const u = await createUser();
    const res = await authPost("/change-password", { currentPassword: "Not-The-Password-42", newPassword: "Velvet-Orbit-Quill-82" }, { cookie: u.cookie });
    expect(res.status).toBe(400);
    expect(await signsIn(u.email, TEST_PASSWORD)).toBe(true);
  });

  it("changes it, and 'sign out of other devices' ends every other session while this one goes on", async () => {
    const u = await createUser();
    const other = await secondSession(u);
    const db = await getDb();
    expect(await db.select().from(session).where(eq(session.userId, u.id))).toHaveLength(2);
    const accountsBefore = await db.select({ id: account.id, password: account.password }).from(account);

    const res = await authPost("/change-password", { currentPassword: TEST_PASSWORD, newPassword: "Velvet-Orbit-Quill-82", revokeOtherSessions: true }, { cookie: u.cookie });
    expect(res.status).toBe(200);
    // One password changed: the caller's.
    const accountsAfter = await db.select({ id: account.id, password: account.password }).from(account);
    const changed = accountsAfter.filter((a) => accountsBefore.find((b) => b.id === a.id)?.password !== a.password);
    expect(changed).toHaveLength(1);
    const [own] = await db.select({ id: account.id }).from(account).where(eq(account.userId, u.id));
    expect(changed[0]!.id).toBe(own!.id);

    // Both old sessions are gone; better-auth gave this browser a new one.
    const sessions = await db.select().from(session).where(eq(session.userId, u.id));
    expect(sessions).toHaveLength(1);
    expect(await signedIn(other)).toBe(401);
    expect(await signedIn(cookieFrom(res))).toBe(200);
    expect(await signsIn(u.email, "Velvet-Orbit-Quill-82")).toBe(true);
    expect(await signsIn(u.email, TEST_PASSWORD)).toBe(false);
  });

  it("without 'sign out of other devices' the other sessions go on", async () => {
    const u = await createUser();
    const other = await secondSession(u);
    const res = await authPost("/change-password", { currentPassword: TEST_PASSWORD, newPassword: "Velvet-Orbit-Quill-82", revokeOtherSessions: false }, { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await signedIn(other)).toBe(200);
    expect(await signedIn(u.cookie)).toBe(200);
  });
});

describe("e-mail address", () => {
  /** The change-of-address e-mails to these addresses (sign-up's verification e-mail is not one). */
  async function mailsTo(...to: string[]) {
    return (await getDb())
      .select()
      .from(emailMessages)
      .where(and(inArray(emailMessages.to, to), inArray(emailMessages.kind, ["confirm-new-email", "email-change-notice"])));
  }

  it("queues a link to the new address and a notice to the old one; the address changes only when the link is followed", async () => {
    const u = await createUser({ firstName: "Olga" });
    const newEmail = address("olga-new");
    const res = await authPost("/change-email", { newEmail, callbackURL: "/profile?email=changed" }, { cookie: u.cookie });
    expect(res.status).toBe(200);

    const mails = await mailsTo(u.email, newEmail);
    expect(mails.map((m) => [m.to, m.kind, m.subject]).sort()).toEqual(
      [
        [newEmail, "confirm-new-email", "Confirm your new e-mail address"],
        [u.email, "email-change-notice", "Your e-mail address is being changed"],
      ].sort(),
    );
    const confirm = mails.find((m) => m.to === newEmail)!;
    const notice = mails.find((m) => m.to === u.email)!;
    expect(confirm.text).toContain("Hi Olga,");
    expect(notice.text).toContain(newEmail);
    // The notice changes nothing: its only links are the profile page and "Forgot password".
    expect(notice.text).not.toMatch(/verify-email/);

    // Nothing has changed yet.
    const db = await getDb();
    const [still] = await db.select().from(user).where(eq(user.id, u.id));
    expect(still!.email).toBe(u.email);

    const link = /https?:\/\/[^\s"<\]]+verify-email[^\s"<\]]+/.exec(confirm.text)?.[0];
    expect(link).toBeTruthy();
    const before = await usersSnapshot();
    const auth = await getAuth();
    const followed = await auth.handler(new Request(link!.replace(/&amp;/g, "&"), { headers: { cookie: u.cookie } }));
    expect(followed.status).toBe(302);
    const location = new URL(followed.headers.get("location")!, "http://localhost:3000");
    expect(`${location.pathname}${location.search}`).toBe("/profile?email=changed");
    const after = await usersSnapshot();
    expect(changedIds(before, after)).toEqual([u.id]);
    const [moved] = await db.select().from(user).where(eq(user.id, u.id));
    expect([moved!.email, moved!.emailVerified]).toEqual([newEmail, true]);
    expect(await signsIn(newEmail, TEST_PASSWORD)).toBe(true);
    expect(await signsIn(u.email, TEST_PASSWORD)).toBe(false);

    // The link works once: the address it was made for is no longer the login's.
    const again = await auth.handler(new Request(link!.replace(/&amp;/g, "&")));
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get("location")!, "http://localhost:3000").searchParams.get("error")).toBeTruthy();
  });

  it("sends nothing and changes nothing for an address another login already has (answered the same)", async () => {
    const u = await createUser();
    const taken = await createUser();
    const before = await usersSnapshot();
    const res = await authPost("/change-email", { newEmail: taken.email, callbackURL: "/profile?email=changed" }, { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await mailsTo(u.email, taken.email)).toEqual([]);
    expect(changedIds(before, await usersSnapshot())).toEqual([]);
  });

  it("refuses a malformed address and the current one", async () => {
    const u = await createUser();
    expect((await authPost("/change-email", { newEmail: "not-an-address" }, { cookie: u.cookie })).status).toBe(400);
    expect((await authPost("/change-email", { newEmail: u.email }, { cookie: u.cookie })).status).toBe(400);
    expect(await mailsTo(u.email)).toEqual([]);
  });
});

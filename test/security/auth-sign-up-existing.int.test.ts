import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages, user } from "@/db/schema";
import { authPost, BASE, cookieFrom, TEST_PASSWORD } from "../http-helpers";

const post = (path: string, body: unknown) => authPost(path, body);

/** The shape of a JSON value: keys and value types, recursively. */
function shape(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as object)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  return typeof value;
}

describe("sign-up for an address that already has an account", () => {
  it("answers exactly like a sign-up for a new address, signs nobody in, and e-mails the owner instead", async () => {
    const existing = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const first = await post("/sign-up/email", { email: existing, password: TEST_PASSWORD, name: "Olive Owner", firstName: "Olive", lastName: "Owner" });
    expect(first.status).toBe(200);
    // Its verification e-mail went out a while ago (e-mails to one address are spaced at least a minute apart).
    const db = await getDb();
    await db
      .update(emailMessages)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(emailMessages.to, existing));

    const fresh = `fresh-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = (email: string) => post("/sign-up/email", { email, password: "Velvet-Orbit-Quill-82", name: "Mallory M", firstName: "Mallory", lastName: "M", callbackURL: "/dashboard" });
    const forNew = await signUp(fresh);
    const forExisting = await signUp(existing);

    expect(forExisting.status).toBe(forNew.status);
    expect(forNew.status).toBe(200);
    const [a, b] = [await forNew.json(), await forExisting.json()];
    expect(shape(b)).toEqual(shape(a));
    expect(b).toMatchObject({ user: { email: existing, name: "Mallory M", emailVerified: false } });
    expect(a).toMatchObject({ user: { email: fresh, emailVerified: false } });
    expect(a).not.toHaveProperty("token");
    expect(b).not.toHaveProperty("token");
    // No session either way.
    expect(cookieFrom(forNew)).not.toMatch(/session_token/);
    expect(cookieFrom(forExisting)).not.toMatch(/session_token/);

    // The account did not change: same name, and only the original password signs in.
    const [row] = await db.select().from(user).where(eq(user.email, existing));
    expect(row).toMatchObject({ name: "Olive Owner", firstName: "Olive" });
    expect((await post("/sign-in/email", { email: existing, password: "Velvet-Orbit-Quill-82" })).status).toBe(401);
    expect((await post("/sign-in/email", { email: existing, password: TEST_PASSWORD })).status).toBe(200);

    // The owner learns about it by e-mail, with a link to sign in.
    const mails = await db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, existing), eq(emailMessages.kind, "account-exists")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("You already have an account");
    expect(mails[0]!.text).toContain(`${BASE}/login`);
    expect(mails[0]!.text).toMatch(/Hi Olive,/);
    expect(mails[0]!.text).toMatch(/ignore this message/);
    expect(mails[0]!.html).toContain(`href="${BASE}/login"`);
    // The new address got the usual verification e-mail.
    expect(
      await db
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.to, fresh), eq(emailMessages.kind, "verify-email"))),
    ).toHaveLength(1);
  });

  it("the answer does not depend on letter case either", async () => {
    const existing = `case-${randomUUID().slice(0, 8)}@example.com`;
    expect((await post("/sign-up/email", { email: existing, password: TEST_PASSWORD, name: "Cas Case" })).status).toBe(200);
    const again = await post("/sign-up/email", { email: existing.toUpperCase(), password: TEST_PASSWORD, name: "Cas Case" });
    expect(again.status).toBe(200);
    expect(cookieFrom(again)).not.toMatch(/session_token/);
  });
});

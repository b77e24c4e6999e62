import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { getDb } from "@/lib/db";
import { emailMessages, user } from "@/db/schema";
import { GET as getUser } from "@app/api/auth/user/route";
import { call, cookieFrom, TEST_PASSWORD } from "./http-helpers";

describe("e-mail verification", () => {
  it("sends a verification link through the e-mail port on sign-up, and the link verifies the address", async () => {
    const auth = await getAuth();
    const email = `verify-${Date.now()}@example.com`;
    const res = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({ email, password: TEST_PASSWORD, name: "Vera V", firstName: "Vera", lastName: "V", callbackURL: "/billing?tab=plans" }),
      }),
    );
    expect(res.status).toBe(200);
    // Sign-up does not sign in: the address is confirmed first, then the user signs in.
    expect(cookieFrom(res)).not.toMatch(/session_token/);
    // (No session token in the answer either: answers never carry one, ADR 0104.)
    expect(await res.json()).not.toHaveProperty("token");
    const db = await getDb();
    const [row] = await db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(false);

    const mails = await db.select().from(emailMessages).where(eq(emailMessages.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe("outbox");
    expect(mails[0]!.kind).toBe("verify-email");
    expect(mails[0]!.subject).toBe("Confirm your e-mail address");
    const link = /https?:\/\/[^\s"<]+verify-email[^\s"<]+/.exec(mails[0]!.text)?.[0];
    expect(link).toBeTruthy();
    expect(mails[0]!.html).toContain("Confirm e-mail address");

    const verify = await auth.handler(new Request(link!.replace(/&amp;/g, "&")));
    expect(verify.status).toBe(302);
    // Back to our sign-in page, which says the address is confirmed and then goes on to the page the user came from.
    const location = new URL(verify.headers.get("location")!, "http://localhost:3000");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("verified")).toBe("1");
    expect(location.searchParams.get("returnTo")).toBe("/billing?tab=plans");
    // Opening the link does not sign the browser in.
    expect(cookieFrom(verify)).not.toMatch(/session_token/);
    const [after] = await db.select().from(user).where(eq(user.email, email));
    expect(after?.emailVerified).toBe(true);

    // Signing in afterwards gives a session whose user is verified.
    const signIn = (await auth.api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true })) as Response;
    expect(signIn.status).toBe(200);
    const me = await call(getUser, { path: "/api/auth/user", cookie: cookieFrom(signIn) });
    expect(me.status).toBe(200);
    expect((await me.json()).emailVerified).toBe(true);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { getDb } from "@/lib/db";
import { emailMessages, user } from "@/db/schema";
import { GET as getUser } from "@app/api/auth/user/route";
import { call } from "./http-helpers";

describe("e-mail verification", () => {
  it("sends a verification link through the e-mail port on sign-up, and the link verifies the address", async () => {
    const auth = await getAuth();
    const email = `verify-${Date.now()}@example.com`;
    const res = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({ email, password: "password-1234", name: "Vera V", firstName: "Vera", lastName: "V" }),
      }),
    );
    expect(res.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(false);

    const mails = await db.select().from(emailMessages).where(eq(emailMessages.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe("outbox");
    expect(mails[0]!.subject).toBe("Confirm your e-mail address");
    const link = /https?:\/\/[^\s"<]+verify-email[^\s"<]+/.exec(mails[0]!.text)?.[0];
    expect(link).toBeTruthy();
    expect(mails[0]!.html).toContain("Confirm e-mail address");

    const verify = await auth.handler(new Request(link!.replace(/&amp;/g, "&")));
    expect([200, 302]).toContain(verify.status);
    const [after] = await db.select().from(user).where(eq(user.email, email));
    expect(after?.emailVerified).toBe(true);

    const cookie = verify.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    if (cookie) {
      const me = await call(getUser, { path: "/api/auth/user", cookie });
      expect((await me.json()).emailVerified).toBe(true);
    }
  });
});

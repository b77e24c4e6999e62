import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_EMAIL_THROTTLE } from "@/features/auth/auth-email-throttle.server";
import { getDb } from "@/lib/db";
import { emailMessages } from "@/db/schema";
import { authPost, TEST_PASSWORD } from "../http-helpers";

const post = (path: string, body: unknown, address?: string) => authPost(path, body, { address });

async function mailsTo(email: string) {
  return (await getDb()).select().from(emailMessages).where(eq(emailMessages.to, email));
}

/** Moves every e-mail to this address `ms` into the past. */
async function age(email: string, ms: number) {
  const db = await getDb();
  for (const m of await mailsTo(email)) {
    await db
      .update(emailMessages)
      .set({ createdAt: new Date(new Date(m.createdAt).getTime() - ms) })
      .where(eq(emailMessages.id, m.id));
  }
}

describe("verification e-mails are throttled per address", () => {
  it("sends none within a minute of the previous one and at most 3 an hour, answering the same either way", async () => {
    expect(AUTH_EMAIL_THROTTLE).toMatchObject({ perHour: 3, minGapMs: 60_000 });
    const email = `throttle-${randomUUID().slice(0, 8)}@example.com`;
    expect((await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "Tia T" })).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);

    const resend = async () => {
      const res = await post("/send-verification-email", { email });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: true });
    };
    // Straight away: nothing more is sent.
    await resend();
    expect(await mailsTo(email)).toHaveLength(1);

    // A minute later: one more, and so on up to 3 in the hour.
    await age(email, 61_000);
    await resend();
    expect(await mailsTo(email)).toHaveLength(2);
    await age(email, 61_000);
    await resend();
    expect(await mailsTo(email)).toHaveLength(3);
    await age(email, 61_000);
    await resend();
    expect(await mailsTo(email)).toHaveLength(3);

    // A sign-up for the same address ("you already have an account") shares the allowance, and still answers 200.
    const again = await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "Tia T" });
    expect(again.status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(3);

    // An hour after the first ones, e-mails go out again.
    await age(email, 60 * 60_000);
    await resend();
    expect(await mailsTo(email)).toHaveLength(4);
  });

  it("the account-exists e-mail is spaced the same way", async () => {
    const email = `exists-${randomUUID().slice(0, 8)}@example.com`;
    await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "Ed E" });
    await age(email, 61_000);
    for (let i = 0; i < 3; i++) expect((await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "Ed E" })).status).toBe(200);
    const kinds = (await mailsTo(email)).map((m) => m.kind).sort();
    expect(kinds).toEqual(["account-exists", "verify-email"]);
  });

  it("better-auth also limits /send-verification-email to 3 a minute per client address", async () => {
    const address = "198.18.5.1";
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post("/send-verification-email", { email: `x${i}-${randomUUID().slice(0, 6)}@example.com` }, address)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

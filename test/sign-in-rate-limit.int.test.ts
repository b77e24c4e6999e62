import { describe, expect, it } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { createUser } from "./http-helpers";

describe("sign-in", () => {
  it("rate limits repeated attempts from one address", async () => {
    const u = await createUser();
    const auth = await getAuth();
    const attempt = (password: string) =>
      auth.handler(
        new Request("http://localhost:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.7", origin: "http://localhost:3000" },
          body: JSON.stringify({ email: u.email, password }),
        }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt("wrong-password")).status);
    expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true);
    expect(statuses).toContain(429);
    // Another address is not affected.
    const other = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9", origin: "http://localhost:3000" },
        body: JSON.stringify({ email: u.email, password: "password-1234" }),
      }),
    );
    expect(other.status).toBe(200);
  });

  it("stores the password as a hash, never in clear", async () => {
    const u = await createUser();
    const { getDb } = await import("@/lib/db");
    const { account } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await (await getDb()).select().from(account).where(eq(account.userId, u.id));
    expect(row?.password).toBeTruthy();
    expect(row?.password).not.toContain("password-1234");
  });
});

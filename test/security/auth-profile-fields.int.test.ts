import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { user } from "@/db/schema";
import { authPost, createUser, TEST_PASSWORD } from "../http-helpers";

const post = (path: string, body: unknown, cookie?: string) => authPost(path, body, { cookie });

const long = "x".repeat(101);
const BAD: Array<[string, Record<string, unknown>, RegExp]> = [
  ["name over 100 characters", { name: long }, /^Name must be at most 100 characters/],
  ["empty name", { name: "   " }, /^Name is required/],
  ["firstName over 100 characters", { firstName: long }, /^First name must be at most 100 characters/],
  ["lastName over 100 characters", { lastName: long }, /^Last name must be at most 100 characters/],
  ["image over 2,000 characters", { image: `https://cdn.example.com/${"a".repeat(2000)}.png` }, /^Profile image must be at most 2000 characters/],
  ["javascript: image", { image: "javascript:alert(document.cookie)" }, /^Profile image must be an http\(s\) URL/],
  ["data: image", { image: "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" }, /^Profile image must be an http\(s\) URL/],
  ["image path outside our objects", { image: "/api/objects/../auth/sign-out" }, /^Profile image must be an http\(s\) URL/],
];

async function row(email: string) {
  return (await (await getDb()).select().from(user).where(eq(user.email, email)))[0];
}

describe("profile fields are bounded on sign-up", () => {
  for (const [what, fields, message] of BAD) {
    it(`refuses a ${what} with a message naming the field, creating nothing`, async () => {
      const email = `pf-${randomUUID().slice(0, 8)}@example.com`;
      const res = await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "Pat Field", firstName: "Pat", lastName: "Field", ...fields });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect(await row(email)).toBeUndefined();
    });
  }

  it("stores trimmed names and accepts an http(s) URL or our own object path", async () => {
    const email = `ok-${randomUUID().slice(0, 8)}@example.com`;
    const res = await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "  Pat Field ", firstName: " Pat ", lastName: "x".repeat(100), image: "/api/objects/avatars/pat.png" });
    expect(res.status).toBe(200);
    expect(await row(email)).toMatchObject({ name: "Pat Field", firstName: "Pat", lastName: "x".repeat(100), image: "/api/objects/avatars/pat.png" });
  });
});

describe("profile fields are bounded on update-user", () => {
  for (const [what, fields, message] of BAD) {
    it(`refuses a ${what} and changes nothing`, async () => {
      const u = await createUser({ firstName: "Una" });
      const before = await row(u.email);
      const res = await post("/update-user", fields, u.cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect(await row(u.email)).toEqual(before);
    });
  }

  it("stores trimmed values, and an https image", async () => {
    const u = await createUser();
    const res = await post("/update-user", { name: " Una Updated ", firstName: " Una", lastName: "Updated  ", image: "https://cdn.example.com/una.png" }, u.cookie);
    expect(res.status).toBe(200);
    expect(await row(u.email)).toMatchObject({ name: "Una Updated", firstName: "Una", lastName: "Updated", image: "https://cdn.example.com/una.png" });
    // Removing the picture is allowed.
    expect((await post("/update-user", { image: null }, u.cookie)).status).toBe(200);
    expect((await row(u.email))?.image).toBeNull();
  });
});

import { randomUUID } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import { isValidElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { ResetLinkInvalid, ResetPasswordForm } from "@/features/auth/reset-password-form";
import { getDb } from "@/lib/db";
import { emailMessages, signInFailures, verification } from "@/db/schema";
import * as authRoute from "@app/api/auth/[...all]/route";
import * as me from "@app/api/auth/user/route";
import ResetPasswordPage from "@app/reset-password/page";
import { authPost, BASE, call, cookieFrom, createUser, TEST_PASSWORD } from "../http-helpers";
import { mailsTo } from "../outbox";

/**
 * "Forgot password?" (ADR 0104): better-auth's request-password-reset and
 * reset-password endpoints, the e-mail in the outbox, the link's single use
 * and hour, the password policy, and what a reset ends.
 */

const NEW_PASSWORD = "Granite-Pelican-Orchard-7";
const SAME_ANSWER = { status: true, message: "If this email exists in our system, check your email for the reset link" };

const requestReset = (email: string, address?: string, extra: Record<string, unknown> = {}) => authPost("/request-password-reset", { email, ...extra }, { address });
const resetPassword = (token: string, newPassword: string) => authPost("/reset-password", { token, newPassword });
const signIn = (email: string, password: string, address?: string) => authPost("/sign-in/email", { email, password }, { address });

const resetMails = (email: string) => mailsTo(email, "reset-password");

/** The link of the newest reset e-mail to this address. */
async function latestLink(email: string): Promise<string> {
  const mails = (await resetMails(email)).sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt));
  const link = /https?:\/\/[^\s"<]+\/reset-password\/[^\s"<]+/.exec(mails[0]?.text ?? "")?.[0];
  if (!link) throw new Error(`no reset link for ${email}`);
  return link;
}

/** Opens the e-mailed link as a browser does: better-auth checks it and redirects to our page. */
async function follow(link: string): Promise<URL> {
  const res = await call(authRoute.GET, { path: link.slice(BASE.length), headers: { "x-forwarded-for": "203.0.113.200" } });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!, BASE);
}

const tokenOf = async (email: string) => (await follow(await latestLink(email))).searchParams.get("token")!;

/** Moves every e-mail to this address `ms` into the past (the per-recipient throttle counts them). */
async function ageMails(email: string, ms: number) {
  const db = await getDb();
  for (const m of await db.select().from(emailMessages).where(eq(emailMessages.to, email))) {
    await db
      .update(emailMessages)
      .set({ createdAt: new Date(new Date(m.createdAt).getTime() - ms) })
      .where(eq(emailMessages.id, m.id));
  }
}

const signedIn = async (cookie: string) => (await call(me.GET, { path: "/api/auth/user", cookie })).status === 200;

/** What the reset page shows for these query parameters: the form, or the "no longer works" notice. */
async function pageShows(search: Record<string, string>): Promise<"form" | "invalid"> {
  const found = new Set<unknown>();
  const walk = (node: ReactNode) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isValidElement(node)) return;
    found.add(node.type);
    walk((node.props as { children?: ReactNode }).children);
  };
  walk((await ResetPasswordPage({ searchParams: Promise.resolve(search) })) as ReactNode);
  if (found.has(ResetPasswordForm) && !found.has(ResetLinkInvalid)) return "form";
  if (found.has(ResetLinkInvalid) && !found.has(ResetPasswordForm)) return "invalid";
  throw new Error("the page shows neither the form nor the notice");
}

describe("asking for a reset link", () => {
  it("answers the same for an unknown and a known address; only the account's address gets an e-mail", async () => {
    const u = await createUser();
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const known = await requestReset(u.email);
    const other = await requestReset(unknown);
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    expect(await known.json()).toEqual(SAME_ANSWER);
    expect(await other.json()).toEqual(SAME_ANSWER);
    expect(await resetMails(u.email)).toHaveLength(1);
    expect(await resetMails(unknown)).toHaveLength(0);
  });

  it("puts the e-mail in the outbox with a link to the reset page, whatever page the caller asked for", async () => {
    const u = await createUser({ firstName: "Rita" });
    expect((await requestReset(u.email, undefined, { redirectTo: "https://evil.example/steal" })).status).toBe(200);
    const [mail] = await resetMails(u.email);
    expect(mail).toMatchObject({ subject: "Reset your password", status: "outbox" });
    expect(mail!.text).toMatch(/Hi Rita,/);
    expect(mail!.text).toContain("The link works once, for 1 hour.");
    const link = new URL(await latestLink(u.email));
    expect(link.origin).toBe(BASE);
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[A-Za-z0-9]{20,}$/);
    expect(link.searchParams.get("callbackURL")).toBe("/reset-password");
    expect(mail!.html).toContain(`href="${link.href.replace(/&/g, "&amp;")}"`);

    // Opened, it leads to our page with the token, which shows the form.
    const landed = await follow(link.href);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${BASE}/reset-password`);
    expect(link.pathname.endsWith(landed.searchParams.get("token")!)).toBe(true);
    expect(await pageShows({ token: landed.searchParams.get("token")! })).toBe("form");
  });
});

describe("the reset link", () => {
  it("works once: the new password signs in, the old one no longer does, and the link is refused afterwards", async () => {
    const u = await createUser();
    await requestReset(u.email);
    const link = await latestLink(u.email);
    const token = (await follow(link)).searchParams.get("token")!;

    const done = await resetPassword(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ status: true });
    expect((await signIn(u.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(u.email, TEST_PASSWORD)).status).toBe(401);

    // Used: the link, the page and the endpoint all say so.
    const again = await resetPassword(token, "Another-Sturdy-Lantern-9");
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "INVALID_TOKEN" });
    const landed = await follow(link);
    expect(landed.pathname).toBe("/reset-password");
    expect(landed.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(landed.searchParams.get("token")).toBeNull();
    expect(await pageShows({ error: "INVALID_TOKEN" })).toBe("invalid");
    expect(await pageShows({ token })).toBe("invalid");
    expect((await signIn(u.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("expires after 1 hour", async () => {
    const u = await createUser();
    await requestReset(u.email);
    const token = await tokenOf(u.email);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const lifetime = new Date(row!.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    // An hour later.
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row!.id));
    expect(await pageShows({ token })).toBe("invalid");
    expect((await follow(await latestLink(u.email))).searchParams.get("error")).toBe("INVALID_TOKEN");
    const late = await resetPassword(token, NEW_PASSWORD);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await signIn(u.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("refuses a weak or short new password with the policy's message, and the link still works for a good one", async () => {
    const u = await createUser({ firstName: "Wanda" });
    await requestReset(u.email);
    const token = await tokenOf(u.email);
    const weak = await resetPassword(token, "password12345");
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: "WEAK_PASSWORD", message: expect.stringMatching(/^Choose a stronger password: \S/) });
    const short = await resetPassword(token, "Zq8#vLw2p");
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toMatch(/at least 10 characters/);
    expect((await signIn(u.email, TEST_PASSWORD)).status).toBe(200);

    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(u.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("a reset ends every session of the account, and every other link sent for it", async () => {
    const u = await createUser();
    const phone = cookieFrom(await signIn(u.email, TEST_PASSWORD));
    expect(await signedIn(u.cookie)).toBe(true);
    expect(await signedIn(phone)).toBe(true);

    await requestReset(u.email);
    const first = await tokenOf(u.email);
    await ageMails(u.email, 61_000);
    await requestReset(u.email);
    const second = await tokenOf(u.email);
    expect(second).not.toBe(first);

    expect((await resetPassword(second, NEW_PASSWORD)).status).toBe(200);
    expect(await signedIn(u.cookie)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    // The earlier link, never used, no longer works either.
    expect((await resetPassword(first, "Another-Sturdy-Lantern-9")).status).toBe(400);
    expect(await pageShows({ token: first })).toBe("invalid");
    // Signing in again works, with the new password.
    const fresh = await signIn(u.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect(await signedIn(cookieFrom(fresh))).toBe(true);
  });

  it("clears the account's sign-in lock: an address that was refused signs in with the new password", async () => {
    const u = await createUser();
    const address = "192.0.2.210";
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, `wrong-${i}`, address)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, `wrong-${i}`, `192.0.2.${220 + i}`)).status).toBe(401);
    expect((await signIn(u.email, TEST_PASSWORD, address)).status).toBe(429);
    expect((await signIn(u.email, TEST_PASSWORD, "192.0.2.221")).status).toBe(429);

    await requestReset(u.email);
    expect((await resetPassword(await tokenOf(u.email), NEW_PASSWORD)).status).toBe(200);
    const db = await getDb();
    const key = `account:${u.email.toLowerCase()}`;
    expect(
      await db
        .select()
        .from(signInFailures)
        .where(inArray(signInFailures.key, [key])),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(signInFailures)
        .where(like(signInFailures.key, `${key}|%`)),
    ).toHaveLength(0);
    expect((await signIn(u.email, NEW_PASSWORD, address)).status).toBe(200);
    expect((await signIn(u.email, NEW_PASSWORD, "192.0.2.221")).status).toBe(200);
    // The addresses keep their own counts (5 failures each is far from the address lock).
    expect(
      (
        await db
          .select()
          .from(signInFailures)
          .where(eq(signInFailures.key, `ip:${address}`))
      )[0]?.failures,
    ).toBe(5);
  });
});

describe("reset e-mails are throttled per address", () => {
  it("none within a minute of the previous one, at most 3 an hour, with the same answer every time", async () => {
    // Just signed up: the verification e-mail has its own allowance, so the reset link still goes out.
    const u = await createUser({ verified: false });
    const ask = async () => {
      const res = await requestReset(u.email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(SAME_ANSWER);
    };
    await ask();
    expect(await resetMails(u.email)).toHaveLength(1);
    // Straight away: nothing more is sent.
    await ask();
    expect(await resetMails(u.email)).toHaveLength(1);
    // A minute later: one more, and so on up to 3 in the hour.
    await ageMails(u.email, 61_000);
    await ask();
    await ageMails(u.email, 61_000);
    await ask();
    expect(await resetMails(u.email)).toHaveLength(3);
    await ageMails(u.email, 61_000);
    await ask();
    expect(await resetMails(u.email)).toHaveLength(3);
    // Other letter case is the same recipient.
    expect((await requestReset(u.email.toUpperCase())).status).toBe(200);
    expect(await resetMails(u.email)).toHaveLength(3);
    // An hour later, links go out again.
    await ageMails(u.email, 60 * 60_000);
    await ask();
    expect(await resetMails(u.email)).toHaveLength(4);
  });

  it("better-auth also limits requests to 3 a minute per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestReset(`x${i}-${randomUUID().slice(0, 6)}@example.com`, "198.18.9.1")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

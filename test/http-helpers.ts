import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { getDb } from "@/lib/db";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { user as userTable } from "@/db/schema";
import { POST as completeSubscription } from "@app/api/complete-subscription/route";

export const BASE = "http://localhost:3000";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route handlers type their params individually
type Handler = (req: Request, ctx?: any) => Promise<Response>;

/** Calls a route handler the way Next.js does. */
export async function call(
  handler: Handler,
  opts: { method?: string; path?: string; body?: unknown; cookie?: string; params?: Record<string, string | string[]>; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(opts.headers);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers.set("content-type", "application/json");
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
  }
  const req = new Request(`${BASE}${opts.path ?? "/"}`, { method: opts.method ?? "GET", headers, body });
  return handler(req, { params: Promise.resolve(opts.params ?? {}) });
}

/** A response's JSON body, expecting `status` (200 unless given); a failure shows the body. */
export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export type TestUser = { id: string; email: string; cookie: string };

/** A password the policy accepts (src/features/auth/password-policy.ts). */
export const TEST_PASSWORD = "Tr1cky-Lantern-Quokka";

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Creates an account through better-auth and returns its session cookie.
 * Sign-up does not sign in (autoSignIn is off), so this signs up, then signs in.
 */
export async function createUser(opts: { role?: "admin" | "customer"; verified?: boolean; email?: string; firstName?: string } = {}): Promise<TestUser> {
  const auth = await getAuth();
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const res = (await auth.api.signUpEmail({
    body: { email, password: TEST_PASSWORD, name: opts.firstName ?? "Test", firstName: opts.firstName ?? "Test", lastName: "User" } as never,
    asResponse: true,
  })) as Response;
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const signIn = (await auth.api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true })) as Response;
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const body = (await signIn.json()) as { user: { id: string } };
  const cookie = cookieFrom(signIn);
  const db = await getDb();
  await db
    .update(userTable)
    .set({ role: opts.role ?? "customer", emailVerified: opts.verified ?? true })
    .where(eq(userTable.id, body.user.id));
  return { id: body.user.id, email, cookie };
}

let authPosts = 0;

/**
 * POSTs JSON to one of better-auth's endpoints the way the browser does.
 * Each call comes from its own client address unless one is given, so
 * better-auth's per-address request limits stay out of the way.
 */
export async function authPost(path: string, body: unknown, opts: { cookie?: string; address?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const auth = await getAuth();
  authPosts += 1;
  const address = opts.address ?? `198.18.${Math.floor(authPosts / 250)}.${(authPosts % 250) + 1}`;
  const headers: Record<string, string> = { ...opts.headers, "content-type": "application/json", origin: BASE, [CLIENT_IP_HEADER]: address };
  if (opts.cookie) headers.cookie = opts.cookie;
  return auth.handler(new Request(`${BASE}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

/** POST /api/complete-subscription as the user. */
export function completeSubscriptionAs(u: TestUser, body: Record<string, unknown>): Promise<Response> {
  return call(completeSubscription, { method: "POST", path: "/api/complete-subscription", cookie: u.cookie, body });
}

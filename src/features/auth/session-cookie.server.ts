import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { getAuth } from "./auth.server";

/** How long a session lasts, and how often its expiry slides forward (better-auth's session.expiresIn and updateAge). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 14;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/**
 * The session token of the request's session cookie, when its signature is
 * better-auth's (HMAC-SHA-256 with the auth secret, `token.signature`, as
 * better-auth's getSession checks it); null when the cookie is absent,
 * malformed or signed with another secret (ADR 0156). Node's HMAC computes
 * the same signature as better-auth's makeSignature (tested) without Web
 * Crypto's key import and thread-pool round trip on every request.
 */
export async function verifiedSessionToken(headers: Headers): Promise<string | null> {
  const header = headers.get("cookie");
  if (!header) return null;
  const ctx = await (await getAuth()).$context;
  const value = parseCookies(header).get(ctx.authCookies.sessionToken.name);
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return null;
  const expected = createHmac("sha256", ctx.secret).update(token).digest("base64");
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? token : null;
}

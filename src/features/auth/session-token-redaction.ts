/**
 * better-auth puts the session token in some JSON answers (sign-in's
 * `token`, get-session's and list-sessions' `session.token`, change-password's
 * new `token`). The browser never needs it: the session lives in an HttpOnly
 * cookie precisely so that scripts cannot read it. The after hook
 * (auth-hooks.server.ts) passes every JSON answer to the browser through
 * this, which drops each `token` field, at any depth. ADR 0104.
 */
export function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSessionTokens);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== "token") out[key] = withoutSessionTokens(inner);
  }
  return out;
}

/** True when `value` (an answer) has a `token` field anywhere. */
export function carriesSessionToken(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(carriesSessionToken);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, inner]) => key === "token" || carriesSessionToken(inner));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

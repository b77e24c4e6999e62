"use client";
import { createAuthClient } from "better-auth/react";
import { inferAdditionalFields } from "better-auth/client/plugins";

/**
 * better-auth's own browser client (same origin, /api/auth). Sign-in and
 * sign-up go through it instead of hand-rolled calls to its endpoints. The
 * extra user fields mirror auth.server.ts (firstName, lastName are inputs).
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [
    inferAdditionalFields({
      user: {
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
      },
    }),
  ],
});

type AuthResult = { ok: boolean; message?: string };
type AuthCallError = { status: number; message?: string | undefined } | null;

/** The login form's reading of a better-auth answer (429 explains the lockout). */
export function authResult(error: AuthCallError): AuthResult {
  if (!error) return { ok: true };
  // 429: the server says why (an account or network locked after failed attempts, or too many requests) and for how long.
  if (error.status === 429) return { ok: false, message: error.message || "Too many attempts. Please wait a minute and try again." };
  return { ok: false, message: error.message || `Request failed (${error.status})` };
}

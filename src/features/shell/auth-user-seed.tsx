"use client";
import { seedAuthUser, type AuthUser } from "./use-auth-user";

/**
 * Hands the header the signed-in user the server read for this page, during
 * the render before the header's effect asks (the same hydration pass): no
 * get-session and /api/auth/user requests on a signed-in page.
 */
export function AuthUserSeed({ user }: { user: AuthUser | null }) {
  seedAuthUser(user);
  return null;
}

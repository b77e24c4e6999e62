"use client";
import { useEffect, useState } from "react";

export type AuthUser = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  role: "admin" | "customer";
  /** The business account the session works in (null: no access to any). */
  account: { id: string; name: string; role: string; roleLabel: string } | null;
  /** What the member may do in it (src/features/accounts/permissions.ts). */
  permissions: string[];
  /** Every account the user belongs to (the account switcher). */
  accounts: Array<{ id: string; name: string; role: string }>;
};

/** The header's question: the user, their accounts and permissions, no subscription summary. */
export const HEADER_USER_PATH = "/api/auth/user?subscription=omit";

type State = { user: AuthUser | null; isLoading: boolean };

async function getJson<T>(path: string): Promise<T | null> {
  const res = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  return res.ok ? ((await res.json()) as T) : null;
}

/**
 * Who is signed in, asked once per page load: better-auth's get-session first
 * (it answers 200 with null for visitors, so signed-out pages log no failed
 * request), then /api/auth/user for the profile and role, without the
 * subscription summary the header never shows (`?subscription=omit`: the
 * dashboard's numbers are not computed on every page; ADR 0140). Sign-in and sign-out
 * are full page loads, so the answer stays right for the page's life. Plain
 * fetch: the header is on every public page and must not bring better-auth's
 * client or the query library with it (issue 12, JavaScript per page).
 */
let answer: Promise<AuthUser | null> | undefined;

/** A signed-in page's server already knows the answer: it hands it over (AuthUserSeed) and the header asks nothing. */
export function seedAuthUser(user: AuthUser | null): void {
  answer = Promise.resolve(user);
}

function loadUser(): Promise<AuthUser | null> {
  answer ??= getJson<{ session?: { id: string } } | null>("/api/auth/get-session")
    .then((s) => (s?.session ? getJson<AuthUser>(HEADER_USER_PATH) : null))
    .catch(() => null);
  return answer;
}

/** The header's view of who is signed in (the avatar menu and the mobile menu). */
export function useAuthUser(): State {
  const [state, setState] = useState<State>({ user: null, isLoading: true });
  useEffect(() => {
    let live = true;
    loadUser().then((user) => live && setState({ user, isLoading: false }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

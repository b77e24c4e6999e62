"use client";
import { useEffect, useState } from "react";

export type AuthUser = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  role: "admin" | "customer";
};

type State = { user: AuthUser | null; isLoading: boolean };
let cache: Promise<AuthUser | null> | undefined;

/**
 * Asks the session endpoint first (200 with null for visitors, so signed-out
 * pages log no failed request), then /api/auth/user for a signed-in user.
 */
async function fetchUser(): Promise<AuthUser | null> {
  const session = await fetch("/api/auth/get-session", { credentials: "include" });
  if (!session.ok || (await session.json()) === null) return null;
  const res = await fetch("/api/auth/user", { credentials: "include" });
  return res.ok ? ((await res.json()) as AuthUser) : null;
}

function load(): Promise<AuthUser | null> {
  cache ??= fetchUser().catch(() => null);
  return cache;
}

/** The header's view of who is signed in (a 401 means no user). */
export function useAuthUser(): State {
  const [state, setState] = useState<State>({ user: null, isLoading: true });
  useEffect(() => {
    let live = true;
    load().then((user) => live && setState({ user, isLoading: false }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

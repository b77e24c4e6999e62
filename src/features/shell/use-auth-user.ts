"use client";
import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";
import { authClient } from "@/features/auth/auth-client";

export type AuthUser = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  role: "admin" | "customer";
};

type State = { user: AuthUser | null; isLoading: boolean };
const cache = new Map<string, Promise<AuthUser | null>>();

/** /api/auth/user for a signed-in session (once per session id); any failure (a 401 included) means no user. */
function loadUser(sessionId: string): Promise<AuthUser | null> {
  let user = cache.get(sessionId);
  if (!user) {
    user = api.get<AuthUser>("/api/auth/user").catch(() => null);
    cache.set(sessionId, user);
  }
  return user;
}

/**
 * The header's view of who is signed in: better-auth's `useSession` first
 * (its get-session answers 200 with null for visitors, so signed-out pages log
 * no failed request), then /api/auth/user for the profile and role.
 */
export function useAuthUser(): State {
  const session = authClient.useSession();
  const sessionId = session.data?.session.id ?? null;
  const [loaded, setLoaded] = useState<{ sessionId: string; user: AuthUser | null } | null>(null);
  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    loadUser(sessionId).then((user) => live && setLoaded({ sessionId, user }));
    return () => {
      live = false;
    };
  }, [sessionId]);
  if (session.isPending) return { user: null, isLoading: true };
  if (!sessionId) return { user: null, isLoading: false };
  if (loaded?.sessionId !== sessionId) return { user: null, isLoading: true };
  return { user: loaded.user, isLoading: false };
}

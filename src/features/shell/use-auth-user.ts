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

function load(): Promise<AuthUser | null> {
  cache ??= fetch("/api/auth/user", { credentials: "include" })
    .then(async (res) => (res.ok ? ((await res.json()) as AuthUser) : null))
    .catch(() => null);
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

"use client";
import dynamic from "next/dynamic";
import { Icon } from "@/lib/ui/icon";
import { useAuthUser } from "./use-auth-user";

/** Wide screens, while the user is asked for: a spinner (the shared Spinner's class merging would add 9 KB to every public page). */
function Loading() {
  return (
    <span role="status" className="hidden items-center lg:inline-flex">
      <Icon name="LoaderCircle" className="size-6 animate-spin text-brand-700" />
      <span className="sr-only">Loading account</span>
    </span>
  );
}

/**
 * The avatar's dropdown, loaded only for a signed-in user: visitors, most of
 * the public pages' readers, do not download the menu library (issue 12).
 */
const AccountMenu = dynamic(() => import("./account-menu").then((m) => m.AccountMenu), {
  loading: Loading,
});

/** 'Sign In' for visitors; the avatar menu for signed-in users. */
export function UserMenu() {
  const { user, isLoading } = useAuthUser();
  if (isLoading) return <Loading />;
  if (!user) {
    return (
      // A full page navigation: /api/login is a server redirect.
      <a href="/api/login" className="hidden rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 lg:inline-flex">
        Sign In
      </a>
    );
  }
  return <AccountMenu user={user} />;
}

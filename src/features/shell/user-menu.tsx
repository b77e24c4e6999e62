"use client";
import dynamic from "next/dynamic";
import { Spinner } from "@/lib/ui/spinner";
import { useAuthUser } from "./use-auth-user";

/**
 * The avatar's dropdown, loaded only for a signed-in user: visitors, most of
 * the public pages' readers, do not download the menu library (issue 12).
 */
const AccountMenu = dynamic(() => import("./account-menu").then((m) => m.AccountMenu), {
  loading: () => <Spinner className="hidden lg:inline-flex" label="Loading account" />,
});

/** 'Sign In' for visitors; the avatar menu for signed-in users. */
export function UserMenu() {
  const { user, isLoading } = useAuthUser();
  if (isLoading) return <Spinner className="hidden lg:inline-flex" label="Loading account" />;
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

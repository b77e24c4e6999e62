"use client";
import { DropdownMenu } from "radix-ui";
import { avatarInitial } from "@/features/auth/roles";
import { Spinner } from "@/lib/ui/spinner";
import { useAuthUser, type AuthUser } from "./use-auth-user";

export function Avatar({ user, size = 36 }: { user: AuthUser; size?: number }) {
  if (user.profileImageUrl) {
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={user.profileImageUrl} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span aria-hidden className="flex items-center justify-center rounded-full bg-brand-700 font-semibold text-white" style={{ width: size, height: size }}>
      {avatarInitial(user)}
    </span>
  );
}

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
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="hidden rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 lg:inline-flex"
        aria-label="Account menu"
        data-testid="avatar-button"
      >
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="px-3 py-2">
            <p className="text-sm font-semibold text-slate-900">{user.firstName ?? ""}</p>
            <p className="text-sm text-slate-600">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className="block cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
            <a href="/billing">Account</a>
          </DropdownMenu.Item>
          {user.role === "admin" && (
            <DropdownMenu.Item asChild className="block cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
              <a href="/admin">Admin</a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className="block cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
            <a href="/api/logout">Log out</a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

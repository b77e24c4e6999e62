"use client";
import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import type { AuthUser } from "./use-auth-user";
import { Avatar } from "./avatar";

/** The signed-in user's avatar menu: Account, Calls & Messages, Admin (admins), Log out. */
export function AccountMenu({ user }: { user: AuthUser }) {
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
          <DropdownMenu.Item asChild className="block cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
            <Link href="/calls">Calls &amp; Messages</Link>
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

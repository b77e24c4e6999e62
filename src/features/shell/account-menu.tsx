"use client";
import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import { switchAccount } from "@/features/accounts/switch-account";
import type { AuthUser } from "./use-auth-user";
import { Avatar } from "./avatar";

const ITEM = "block cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100";

/**
 * The signed-in user's avatar menu: the business account they work in (and
 * the others to switch to), Account (billing), Calls & Messages, Business
 * account, Your profile, Admin (admins), Log out. Items follow the member's
 * permissions; the server refuses what they may not do anyway.
 */
export function AccountMenu({ user }: { user: AuthUser }) {
  const others = user.accounts.filter((a) => a.id !== user.account?.id);
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
          {user.account ? (
            <div className="px-3 pb-2" data-testid="active-account">
              <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Business account</p>
              <p className="text-sm font-semibold text-slate-900">{user.account.name}</p>
              <p className="text-xs text-slate-600">{user.account.roleLabel}</p>
            </div>
          ) : null}
          {others.length > 0 ? (
            <DropdownMenu.Group aria-label="Switch account">
              {others.map((a) => (
                <DropdownMenu.Item key={a.id} className={ITEM} onSelect={() => void switchAccount(a.id)}>
                  Switch to {a.name}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {user.permissions.includes("billing.read") && (
            <DropdownMenu.Item asChild className={ITEM}>
              <a href="/billing">Account</a>
            </DropdownMenu.Item>
          )}
          {user.permissions.includes("calls.read") && (
            <DropdownMenu.Item asChild className={ITEM}>
              <Link href="/calls">Calls &amp; Messages</Link>
            </DropdownMenu.Item>
          )}
          {user.account && (
            <DropdownMenu.Item asChild className={ITEM}>
              <a href="/account">Business account</a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={ITEM}>
            <a href="/profile">Your profile</a>
          </DropdownMenu.Item>
          {user.role === "admin" && (
            <DropdownMenu.Item asChild className={ITEM}>
              <a href="/admin">Admin</a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={ITEM}>
            <a href="/api/logout">Log out</a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

"use client";
import { switchAccount } from "@/features/accounts/switch-account";
import type { RefObject } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Dialog } from "radix-ui";
import { Icon } from "@/lib/ui/icon";
import { cn } from "@/lib/ui/cn";
import { ADMIN_LINKS, NAV_LINKS, PORTAL_LINKS, isActive, isCurrent, navSection, visibleLinks } from "./nav";
import { useAuthUser } from "./use-auth-user";

/** The menu's dialog: the section's links (marketing, portal or admin console; issue 23) (loaded on the first tap of the menu button, mobile-menu.tsx). */
export function MobileMenuPanel({ open, onOpenChange, trigger }: { open: boolean; onOpenChange: (open: boolean) => void; trigger: RefObject<HTMLButtonElement | null> }) {
  const setOpen = onOpenChange;
  const pathname = usePathname();
  const { user } = useAuthUser();
  const close = () => setOpen(false);
  const section = navSection(pathname);
  const links = section === "public" ? NAV_LINKS : visibleLinks(section === "admin" ? ADMIN_LINKS : PORTAL_LINKS, user?.permissions ?? null);
  const item = "block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100";
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 w-80 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl lg:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The button that opened it is outside the dialog: give it the focus back.
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-100" aria-label="Close menu">
              <Icon name="X" className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {links.map((link) => {
                const current = section === "public" ? isActive(pathname, link.href) : isCurrent(pathname, link);
                return (
                  <li key={link.href}>
                    <Link href={link.href} onClick={close} aria-current={current ? "page" : undefined} className={cn(item, current && "bg-brand-50 text-brand-800")}>
                      {link.label}
                    </Link>
                  </li>
                );
              })}
              {user && (
                <>
                  {section === "public" && user.permissions.includes("calls.read") && (
                    <li>
                      <Link href="/calls" onClick={close} className={item}>
                        Calls &amp; Messages
                      </Link>
                    </li>
                  )}
                  {section === "public" && user.permissions.includes("billing.read") && (
                    <li>
                      <a href="/billing" onClick={close} className={item}>
                        Billing
                      </a>
                    </li>
                  )}
                  {section === "public" && user.account && (
                    <li>
                      <a href="/account" onClick={close} className={item}>
                        Business account
                      </a>
                    </li>
                  )}
                  <li>
                    <a href="/profile" onClick={close} className={item}>
                      Your profile
                    </a>
                  </li>
                  {user.accounts
                    .filter((a) => a.id !== user.account?.id)
                    .map((a) => (
                      <li key={a.id}>
                        <button type="button" className={`${item} w-full text-left`} onClick={() => void switchAccount(a.id)}>
                          Switch to {a.name}
                        </button>
                      </li>
                    ))}
                </>
              )}
              <li>
                {user ? (
                  <a href="/api/logout" onClick={close} className={item}>
                    Sign Out
                  </a>
                ) : (
                  <a href="/api/login" onClick={close} className={item}>
                    Sign In
                  </a>
                )}
              </li>
              {section === "public" && (
                <li className="pt-2">
                  <Link href="/hire-ai-employee" onClick={close} className="block rounded-md bg-brand-700 px-3 py-3 text-center text-base font-semibold text-white hover:bg-brand-800">
                    Book a Demo
                  </Link>
                </li>
              )}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

"use client";
import { NavLinks } from "./nav-links";
import { UserMenu } from "./user-menu";
import { MobileMenu } from "./mobile-menu";
import { DemoButton } from "./demo-button";

/** The header's interactive part, one client component: the section's links, then the account menu, Book a Demo and the mobile menu. */
export function HeaderNav() {
  return (
    <>
      <NavLinks />
      <div className="flex items-center gap-2">
        <UserMenu />
        <DemoButton />
        <MobileMenu />
      </div>
    </>
  );
}

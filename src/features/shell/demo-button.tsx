"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { navSection } from "./nav";

/**
 * "Book a Demo": for visitors of the marketing site, not on the portal's or the admin console's pages (issue 23).
 * Not prefetched: the demo page's form libraries would load with every public page (marketing/sections.tsx).
 */
export function DemoButton() {
  if (navSection(usePathname()) !== "public") return null;
  return (
    <Link href="/hire-ai-employee" prefetch={false} className="hidden rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:inline-flex">
      Book a Demo
    </Link>
  );
}

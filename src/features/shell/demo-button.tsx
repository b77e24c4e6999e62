"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { navSection } from "./nav";

/**
 * "Book a Demo": for visitors of the marketing site, not on the portal's or the admin console's pages (issue 23).
 * Prefetched like the other header links: the demo form loads its check and API client on first focus
 * (leads/demo-form.tsx), so the prefetch is the page's data (5 KB) and the form's 3 KB chunk.
 */
export function DemoButton() {
  if (navSection(usePathname()) !== "public") return null;
  return (
    <Link href="/hire-ai-employee" className="hidden rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:inline-flex">
      Book a Demo
    </Link>
  );
}

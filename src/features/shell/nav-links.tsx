"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ADMIN_LINKS, NAV_LINKS, PORTAL_LINKS, isActive, isCurrent, navSection, visibleLinks, type SectionLink } from "./nav";
import { useAuthUser } from "./use-auth-user";

/** Plain class strings: the header is on every public page, and the class-merging library would add 9 KB to each (issue 12). */
const linkClass = (active: boolean) => `rounded-md px-3 py-2 text-sm font-medium ${active ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-950"}`;

/** The wide-screen links: the marketing site's, or on signed-in pages the portal's or the admin console's (issue 23). */
export function NavLinks() {
  const pathname = usePathname();
  const section = navSection(pathname);
  if (section === "public") {
    return (
      <ul className="hidden items-center gap-1 lg:flex">
        {NAV_LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={isActive(pathname, link.href) ? "page" : undefined} className={linkClass(isActive(pathname, link.href))}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return <SectionLinks links={section === "admin" ? ADMIN_LINKS : PORTAL_LINKS} pathname={pathname} />;
}

function SectionLinks({ links, pathname }: { links: readonly SectionLink[]; pathname: string }) {
  const { user } = useAuthUser();
  return (
    <ul className="hidden items-center gap-1 lg:flex">
      {visibleLinks(links, user?.permissions ?? null).map((link) => {
        const current = isCurrent(pathname, link);
        return (
          <li key={link.href}>
            <Link href={link.href} aria-current={current ? "page" : undefined} className={linkClass(current)}>
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

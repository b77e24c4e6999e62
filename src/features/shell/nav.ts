import { rows } from "@/lib/rows";

/** The marketing site's links (public pages). */
export const NAV_LINKS = rows(
  ["href", "label"],
  ["/AI_employees", "AI Employees"],
  ["/pricing", "Pricing"],
  ["/custom-services", "Services"],
  ["/our-customers", "Customers"],
  ["/about", "About"],
  ["/contact", "Contact"],
);

export type SectionLink = {
  href: string;
  label: string;
  /** The account permission a member needs to see it (src/features/accounts/permissions.ts); none: every member. */
  permission?: string;
  /** The path whose pages mark it current (defaults to href's path). */
  match?: string;
};

/**
 * The portal's own navigation (issue 23, ADR 0119), in this order. A link a
 * member's role may not use is not shown (the server refuses it anyway).
 * Insights (issue 26) follows Calls.
 */
export const PORTAL_LINKS: readonly SectionLink[] = [
  { href: "/dashboard", label: "Dashboard", permission: "calls.read" },
  { href: "/calls", label: "Calls", permission: "calls.read" },
  { href: "/insights", label: "Insights", permission: "calls.read" },
  // The AI employee's settings (issue 24); its subscription card stays on Billing's "AI employees" tab.
  { href: "/ai-employees", label: "AI employee", permission: "settings.read" },
  { href: "/billing", label: "Billing", permission: "billing.read" },
  { href: "/account", label: "Account" },
];

/** The admin console's navigation. */
export const ADMIN_LINKS: readonly SectionLink[] = [
  { href: "/admin", label: "Console", match: "/admin$" },
  { href: "/admin/usage", label: "Usage" },
  { href: "/admin/metrics", label: "Metrics" },
  { href: "/admin/outbox", label: "Outbox" },
  { href: "/admin/sms-outbox", label: "SMS outbox" },
  { href: "/admin/jobs", label: "Jobs" },
  { href: "/admin/spam-reports", label: "Spam reports" },
  { href: "/admin/api-keys", label: "API keys" },
];

const PORTAL_PATHS = ["/dashboard", "/calls", "/insights", "/ai-employees", "/billing", "/account", "/profile", "/checkout", "/subscribe"];

/** Which navigation a page gets: the portal's, the admin console's, or the marketing site's. */
export function navSection(pathname: string): "portal" | "admin" | "public" {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "admin";
  if (PORTAL_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return "portal";
  return "public";
}

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Is this section link the current page? `match` ending in `$` matches the path exactly. */
export function isCurrent(pathname: string, link: SectionLink): boolean {
  const target = link.match ?? link.href.split("?")[0]!;
  return target.endsWith("$") ? pathname === target.slice(0, -1) : isActive(pathname, target);
}

/** The links of a section a member sees: those needing a permission only once it is known to be held. */
export function visibleLinks(links: readonly SectionLink[], permissions: readonly string[] | null): SectionLink[] {
  return links.filter((l) => !l.permission || (permissions?.includes(l.permission) ?? false));
}

export const NAV_LINKS = [
  { href: "/AI_employees", label: "AI Employees" },
  { href: "/pricing", label: "Pricing" },
  { href: "/custom-services", label: "Services" },
  { href: "/our-customers", label: "Customers" },
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
] as const;

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

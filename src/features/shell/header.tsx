import Link from "next/link";
import { Icon } from "@/lib/ui/icon";
import { BRAND } from "@/lib/brand";
import { HeaderNav } from "./header-nav";

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-slate-950" aria-label={`${BRAND.name} home`}>
          <Icon name="Bot" className="size-7 text-brand-700" />
          <span>{BRAND.name}</span>
        </Link>
        <HeaderNav />
      </nav>
    </header>
  );
}

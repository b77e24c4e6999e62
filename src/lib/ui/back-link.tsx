import Link from "next/link";
import { ArrowLeft } from "lucide-react";

/** The link back up, above a page's heading: "← Account", "← All calls and messages". */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

import type { Metadata } from "next";
import { QueryProvider } from "@/lib/query-provider";

export const metadata: Metadata = { robots: { index: false } };

export default function PortalLayout({ children }: { children: React.ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}

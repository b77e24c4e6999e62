import type { Metadata } from "next";
import { QueryProvider } from "@/lib/query-provider";
import { SignedInUserSeed } from "@/features/shell/signed-in-user-seed";

export const metadata: Metadata = { robots: { index: false } };

export default function PortalLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SignedInUserSeed />
      <QueryProvider>{children}</QueryProvider>
    </>
  );
}

import type { Metadata } from "next";
import { QueryProvider } from "@/lib/query-provider";
import { SignedInUserSeed } from "@/features/shell/signed-in-user-seed";

export const metadata: Metadata = { title: "Admin", robots: { index: false } };

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SignedInUserSeed />
      <QueryProvider>{children}</QueryProvider>
    </>
  );
}

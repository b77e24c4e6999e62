import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/lib/ui/button";

export const metadata: Metadata = { title: "Sign out", robots: { index: false } };
export const dynamic = "force-dynamic";

/** Asked when another site sent the browser to /api/logout: signing out needs the user's own click. */
export default function LogoutPage() {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Sign out?</h1>
      <p className="mt-3 text-slate-700">Do you want to sign out of your account on this device?</p>
      <form method="post" action="/api/logout" className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <Button type="submit">Sign out</Button>
        <Button asChild variant="outline">
          <Link href="/dashboard">Stay signed in</Link>
        </Button>
      </form>
    </section>
  );
}

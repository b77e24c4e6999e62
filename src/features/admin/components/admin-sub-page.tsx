import Link from "next/link";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { AccessDenied } from "@/features/auth/components/access-denied";

/**
 * The guard of an admin page: the redirect to sign-in (after 500 ms) for a
 * signed-out visitor, Access Denied for anyone else who is not an admin, and
 * null for an admin.
 */
export async function adminPageGuard(returnTo: string): Promise<React.ReactElement | null> {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo={returnTo} delayMs={500} />;
  if (user.role !== "admin") return <AccessDenied />;
  return null;
}

/** An admin page below /admin: the link back to the dashboard, the heading, then the page. */
export function AdminSubPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link href="/admin" className="text-brand-700 underline-offset-4 hover:underline">
          ← Admin Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      {children}
    </section>
  );
}

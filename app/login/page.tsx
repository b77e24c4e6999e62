import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/features/auth/login-form";
import { safeReturnTo } from "@/features/auth/return-to";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ returnTo?: string }> }) {
  const { returnTo: raw } = await searchParams;
  const returnTo = safeReturnTo(raw);
  if (config().oidcEnabled) redirect(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  if (await getCurrentUser()) redirect(returnTo);
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">Sign in to your account</h1>
      <p className="mt-2 text-sm text-slate-700">Manage your AI employees, subscription and billing.</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <LoginForm returnTo={returnTo} />
      </div>
    </section>
  );
}

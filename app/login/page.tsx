import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/features/auth/login-form";
import { safeReturnTo } from "@/features/auth/return-to";
import { PASSWORD_CHANGED_NOTICE } from "@/features/auth/password-reset";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { config } from "@/lib/config";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

type Search = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * What a verification link reports when it comes back here
 * (/login?verified=1&returnTo=..., with &error=... when it failed), or the
 * reset page after a new password (/login?reset=1).
 */
function loginNotice(search: Search): string | null {
  if (first(search.reset) === "1") return PASSWORD_CHANGED_NOTICE;
  if (first(search.verified) !== "1") return null;
  if (first(search.error)) return "This confirmation link is invalid or has expired. Sign in to continue.";
  return "Your e-mail address is confirmed. Sign in to continue.";
}

async function LoginPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const returnTo = safeReturnTo(first(search.returnTo));
  if (config().oidcEnabled) redirect(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  if (await getCurrentUser()) redirect(returnTo);
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">Sign in to your account</h1>
      <p className="mt-2 text-sm text-slate-700">Manage your AI employees, subscription and billing.</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <LoginForm returnTo={returnTo} notice={loginNotice(search)} initialMode={first(search.mode) === "sign-up" ? "sign-up" : "sign-in"} />
      </div>
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(LoginPage);

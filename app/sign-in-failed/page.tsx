import type { Metadata } from "next";
import Link from "next/link";
import { signInFailedMessage } from "@/features/auth/sign-in-failed";

export const metadata: Metadata = { title: "Sign-in failed", robots: { index: false } };

type Search = Record<string, string | string[] | undefined>;

/**
 * Where a failed sign-in callback lands (better-auth's onAPIError.errorURL,
 * with ?error=<code>): a tampered or replayed state or code, a cancelled
 * sign-in, an account that may not be joined. Says what happened and offers
 * a fresh start.
 */
export default async function SignInFailedPage({ searchParams }: { searchParams: Promise<Search> }) {
  const raw = (await searchParams).error;
  const code = Array.isArray(raw) ? raw[0] : raw;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Sign-in failed</h1>
      <p className="mt-4 text-slate-700">{signInFailedMessage(code)}</p>
      <p className="mt-2 text-slate-700">Nothing was changed in your account.</p>
      <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        {/* A plain link: /api/login answers with a redirect to the identity provider. */}
        <a href="/api/login?returnTo=%2Fdashboard" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Try again
        </a>
        <Link href="/" className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
          Back to home
        </Link>
      </div>
    </section>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ResetLinkInvalid, ResetPasswordForm } from "@/features/auth/reset-password-form";
import { resetTokenIsLive } from "@/features/auth/reset-token.server";
import { config } from "@/lib/config";

// The address holds the link's token: never sent on as a Referer.
export const metadata: Metadata = { title: "Choose a new password", robots: { index: false }, referrer: "no-referrer" };

type Search = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where an e-mailed reset link lands: better-auth's /api/auth/reset-password/<token>
 * checks the token and comes here with ?token=… (or ?error=INVALID_TOKEN).
 * The token is checked again, so a reload after use or expiry says so at once.
 */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  if (config().oidcEnabled) redirect("/api/login");
  const token = first(search.token);
  const live = !first(search.error) && (await resetTokenIsLive(token));
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">{live ? "Choose a new password" : "This link no longer works"}</h1>
      <p className="mt-2 text-sm text-slate-700">{live ? "Choose the password you will sign in with from now on." : "Ask for a new link: it takes a minute."}</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{live && token ? <ResetPasswordForm token={token} /> : <ResetLinkInvalid />}</div>
    </section>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ForgotPasswordForm } from "@/features/auth/forgot-password-form";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Forgot password", robots: { index: false } };
export const dynamic = "force-dynamic";

/** "Forgot password?" on /login: asks for the address to send a reset link to. With OpenID Connect, passwords live at the issuer. */
export default function ForgotPasswordPage() {
  if (config().oidcEnabled) redirect("/api/login");
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">Reset your password</h1>
      <p className="mt-2 text-sm text-slate-700">Enter the e-mail address of your account. We will send you a link to choose a new password.</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <ForgotPasswordForm />
      </div>
    </section>
  );
}

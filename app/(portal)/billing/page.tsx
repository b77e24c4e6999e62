import type { Metadata } from "next";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";

export const metadata: Metadata = { title: "Billing & Account" };

export default async function Page() {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/billing" delayMs={1000} notice={{ title: "Authentication Required", description: "Please log in to access billing information" }} />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Billing & Account</h1>
    </section>
  );
}

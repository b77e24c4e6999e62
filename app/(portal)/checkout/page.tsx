import type { Metadata } from "next";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";

export const metadata: Metadata = { title: "Checkout" };

export default async function Page() {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/checkout" delayMs={1000} notice={{ title: "Authentication Required", description: "Please log in to start your subscription." }} />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
    </section>
  );
}

import type { Metadata } from "next";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";

export const metadata: Metadata = { title: "Subscribe" };

export default async function Page() {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/subscribe" delayMs={1000} notice={{ title: "Authentication Required", description: "Please log in to subscribe to a plan" }} />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Subscribe</h1>
    </section>
  );
}

import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { AccessDenied } from "@/features/auth/components/access-denied";

export default async function Page() {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/admin/usage" delayMs={500} />;
  if (user.role !== "admin") return <AccessDenied />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Admin</h1>
    </section>
  );
}

import type { Metadata } from "next";
import { headers } from "next/headers";
import { getAuth } from "@/features/auth/auth.server";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "@/features/auth/auth-limits";
import { profileData } from "@/features/account-care/profile-data.server";
import { ProfilePage } from "@/features/account-care/profile-page";
import { emailChangeOutcome } from "@/features/account-care/change-email-link";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Profile" };

type SearchParams = Record<string, string | string[] | undefined>;

/** Account care for every signed-in user, with or without a business account (issue 22). */
async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/profile" delayMs={1000} notice={{ title: "Authentication Required", description: "Please log in to manage your profile" }} />;
  const session = await (await getAuth()).api.getSession({ headers: await headers() });
  const data = await profileData(user, session?.session.id ?? null);
  const params = await searchParams;
  const get = (key: string) => (typeof params[key] === "string" ? params[key] : null);
  return (
    <ProfilePage
      user={{ firstName: user.firstName, lastName: user.lastName, email: user.email, emailVerified: user.emailVerified }}
      data={data}
      rules={{ hint: PASSWORD_HINT, minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, maxNameLength: MAX_NAME_LENGTH }}
      notices={{ email: emailChangeOutcome({ email: get("email"), error: get("error") }), accountDeleted: get("account") === "deleted" }}
    />
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

import type { Metadata } from "next";
import { requireSignedIn } from "@/features/auth/guards.server";
import { ProfilePage } from "@/features/account-care/profile-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadProfileScreen } from "./data.server";

export const metadata: Metadata = { title: "Profile" };

type SearchParams = Record<string, string | string[] | undefined>;

/** Account care for every signed-in user, with or without a business account (issue 22). */
async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const access = await requireSignedIn({ returnTo: "/profile", notice: { title: "Authentication Required", description: "Please log in to manage your profile" } });
  if (!access.ok) return access.element;
  return <ProfilePage {...await loadProfileScreen(access, await searchParams)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

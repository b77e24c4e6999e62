import type { Metadata } from "next";
import { requirePortalUser } from "@/features/auth/guards.server";
import { AccountPage } from "@/features/accounts/components/account-page";
import { DeleteAccountSection } from "@/features/account-care/delete-account-section";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadAccountScreen } from "./data.server";

export const metadata: Metadata = { title: "Account" };

type Search = Record<string, string | string[] | undefined>;

/** /account (issue 22): members, business details and, for owners and managers, the audit log. */
async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const access = await requirePortalUser({ returnTo: "/account", notice: { title: "Authentication Required", description: "Please log in to manage your account" } });
  if (!access.ok) return access.element;
  const data = await loadAccountScreen(access, await searchParams);
  const { canDelete, ...props } = data;
  return <AccountPage {...props} deleteAccount={canDelete ? <DeleteAccountSection accountName={data.account.name} /> : null} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

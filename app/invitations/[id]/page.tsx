import type { Metadata } from "next";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { invitationPageState } from "@/features/accounts/invitation-page.server";
import { InvitationView } from "@/features/accounts/components/invitation-view";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

// The id in the address is the invitation's secret: never indexed, never sent on as a referrer.
export const metadata: Metadata = { title: "Invitation", robots: { index: false }, referrer: "no-referrer" };

/**
 * /invitations/[id] (issue 22): the link of an invitation e-mail. Every
 * state is a page of its own (unknown, expired, used, cancelled or declined,
 * for another address, sign in first, or Accept / Decline), never a 500.
 */
async function InvitationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  const state = await invitationPageState(id, user ? { id: user.id, email: user.email } : null);
  return <InvitationView state={state} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(InvitationPage);

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { pageAccess } from "@/features/auth/page-access.server";
import { getInteraction } from "@/features/interactions/interactions-read.server";
import { CallDetail } from "@/features/interactions/components/call-detail";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import { can } from "@/features/accounts/permissions";
import { HttpError } from "@/lib/http/errors";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Call details" };

/** One of the customer's calls, texts or chats (404 when it is not theirs). */
async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await pageAccess({ returnTo: `/calls/${encodeURIComponent(id)}`, permission: "calls.read", delayMs: 500, loginNotice: { title: "Unauthorized", description: "You are logged out. Logging in again..." } });
  if (!access.ok) return access.element;
  const item = await getInteraction(access.account.id, id).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  });
  return <CallDetail item={item} display={await callDisplayFor(access.account)} canEditSettings={can(access.account.role, "settings.edit")} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

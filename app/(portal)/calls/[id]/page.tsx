import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { getInteraction } from "@/features/interactions/interactions-read.server";
import { CallDetail } from "@/features/interactions/components/call-detail";
import { HttpError } from "@/lib/http/errors";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Call details" };

/** One of the customer's calls, texts or chats (404 when it is not theirs). */
async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo={`/calls/${encodeURIComponent(id)}`} delayMs={500} notice={{ title: "Unauthorized", description: "You are logged out. Logging in again..." }} />;
  const item = await getInteraction(user.id, id).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  });
  return <CallDetail item={item} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

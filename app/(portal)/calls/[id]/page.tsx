import type { Metadata } from "next";
import { LOGGED_OUT_NOTICE, requirePermission } from "@/features/auth/guards.server";
import { CallDetail } from "@/features/interactions/components/call-detail";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadCallScreen } from "./data.server";

export const metadata: Metadata = { title: "Call details" };

/** One of the customer's calls, texts or chats (404 when it is not theirs). */
async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requirePermission("calls.read", { returnTo: `/calls/${encodeURIComponent(id)}`, notice: LOGGED_OUT_NOTICE, delayMs: 500 });
  if (!access.ok) return access.element;
  return <CallDetail {...await loadCallScreen(access, id)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

import type { Metadata } from "next";
import { describeUnsubscribe } from "@/features/call-alerts/unsubscribe.server";
import { UnsubscribeView } from "@/features/call-alerts/components/unsubscribe-view";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

// The token in the address is the authorization: never indexed, never sent on as a referrer.
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false }, referrer: "no-referrer" };

type Search = Record<string, string | string[] | undefined>;

/**
 * /unsubscribe?token=… (issue 25): the footer link of a notification e-mail.
 * Rendered per request; shows what the link turns off and a button that
 * posts the one-click unsubscribe. Opening it changes nothing.
 */
async function UnsubscribePage({ searchParams }: { searchParams: Promise<Search> }) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const state = await describeUnsubscribe(token);
  return <UnsubscribeView state={state} action={`/api/unsubscribe?token=${encodeURIComponent(token ?? "")}`} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(UnsubscribePage);

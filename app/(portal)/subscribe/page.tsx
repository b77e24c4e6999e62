import type { Metadata } from "next";
import { requirePermission } from "@/features/auth/guards.server";
import { SubscribePage } from "@/features/portal/subscribe/subscribe-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadSubscribeScreen, subscribeReturnTo } from "./data.server";

export const metadata: Metadata = { title: "Subscribe" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const access = await requirePermission("billing.manage", { returnTo: subscribeReturnTo(params), notice: { title: "Authentication Required", description: "Please log in to subscribe to a plan" } });
  if (!access.ok) return access.element;
  const data = loadSubscribeScreen(params);
  return <SubscribePage key={`${data.planId}-${data.billing}`} {...data} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

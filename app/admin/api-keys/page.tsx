import type { Metadata } from "next";
import { requireAdmin } from "@/features/auth/guards.server";
import { ApiKeysScreen } from "@/features/admin/components/api-keys-screen";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadApiKeysScreen } from "./data.server";

export const metadata: Metadata = { title: "API keys" };

/**
 * /admin/api-keys: the keys the voice and chat platform sends calls and messages with (issue 13; admins only).
 * A database too slow for this page answers the busy page (503, Retry-After; ADR 0105).
 */
export default busyOnTimeoutPage(async function Page() {
  const access = await requireAdmin("/admin/api-keys");
  if (!access.ok) return access.element;
  return <ApiKeysScreen {...await loadApiKeysScreen()} />;
});

import type { Metadata } from "next";
import { LOGGED_OUT_NOTICE, requirePermission } from "@/features/auth/guards.server";
import { SettingsPage } from "@/features/ai-settings/components/settings-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "AI employee settings" };

/**
 * /ai-employees/{id}/settings (issue 24): owners and managers edit, staff view
 * read-only; the settings load from the API, which answers 404 for an AI
 * employee of another account.
 */
async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = `/ai-employees/${encodeURIComponent(id)}/settings`;
  const access = await requirePermission("settings.read", { returnTo, notice: LOGGED_OUT_NOTICE, delayMs: 500 });
  if (!access.ok) return access.element;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <SettingsPage apiBase={`/api/ai-employees/${encodeURIComponent(id)}`} area="portal" returnTo={returnTo} />
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

import type { Metadata } from "next";
import { LOGGED_OUT_NOTICE, requirePermission } from "@/features/auth/guards.server";
import { AiEmployeesList } from "@/features/ai-settings/components/ai-employees-list";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "AI employees" };

/** /ai-employees (issue 24): the account's AI employees and their settings; with exactly one, its settings. */
async function Page() {
  const access = await requirePermission("settings.read", { returnTo: "/ai-employees", notice: LOGGED_OUT_NOTICE, delayMs: 500 });
  if (!access.ok) return access.element;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">AI employees</h1>
      <p className="mt-1 text-slate-700">What each of your AI employees says and does: hours, greeting, answers, transfers, booking and the spend limit.</p>
      <AiEmployeesList />
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

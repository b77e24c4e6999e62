import type { Metadata } from "next";
import Link from "next/link";
import { requireAdmin } from "@/features/auth/guards.server";
import { UsageManagement } from "@/features/usage/components/usage-management";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Usage Management" };

async function Page() {
  const access = await requireAdmin("/admin/usage");
  if (!access.ok) return access.element;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Usage Management</h1>
          <p className="mt-1 text-slate-700">Record usage for customer subscriptions.</p>
        </div>
        <Link className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline" href="/admin">
          Back to Admin Dashboard
        </Link>
      </div>
      <div className="mt-6">
        <UsageManagement />
      </div>
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

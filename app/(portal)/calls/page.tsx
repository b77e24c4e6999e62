import type { Metadata } from "next";
import Link from "next/link";
import { LOGGED_OUT_NOTICE, requirePermission } from "@/features/auth/guards.server";
import { CallLog } from "@/features/interactions/components/call-log";
import { TimeZoneNote } from "@/features/interactions/components/time-zone-note";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadCallsScreen } from "./data.server";

export const metadata: Metadata = { title: "Calls & Messages" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The customer's call log: the first page rendered here, the filters from the address. */
async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const access = await requirePermission("calls.read", { returnTo: "/calls", notice: LOGGED_OUT_NOTICE, delayMs: 500 });
  if (!access.ok) return access.element;
  const { filters, first, aiEmployees, display, canExport, canEditSettings } = await loadCallsScreen(access, await searchParams);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Calls &amp; Messages</h1>
      <p className="mt-1 text-slate-700">Every call, text and chat your AI employees handled, with summaries, transcripts, recordings and the units each one counted.</p>
      <TimeZoneNote display={display} canEditSettings={canEditSettings} />
      <p className="mt-3">
        <Link href="/calls/appointments" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Appointments booked by your AI employees
        </Link>
      </p>
      <CallLog initialFilters={filters} initialPage={first} aiEmployees={aiEmployees} canExport={canExport} display={display} />
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { LOGGED_OUT_NOTICE, requirePermission } from "@/features/auth/guards.server";
import { AppointmentList } from "@/features/interactions/components/appointment-list";
import { TimeZoneNote } from "@/features/interactions/components/time-zone-note";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadAppointmentsScreen } from "./data.server";

export const metadata: Metadata = { title: "Appointments" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The appointments the account's AI employees booked, newest first, a page at a time (issue 23, ADR 0117). */
async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const access = await requirePermission("calls.read", { returnTo: "/calls/appointments", notice: LOGGED_OUT_NOTICE, delayMs: 500 });
  if (!access.ok) return access.element;
  const { page, display, paged, canEditSettings } = await loadAppointmentsScreen(access, await searchParams);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <Link
        href="/calls"
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <ArrowLeft className="size-4" aria-hidden />
        All calls and messages
      </Link>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Appointments</h1>
      <p className="mt-1 text-slate-700">The appointments your AI employees booked, newest first, with the caller and the call.</p>
      <TimeZoneNote display={display} canEditSettings={canEditSettings} />
      <AppointmentList page={page} display={display} paged={paged} />
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { pageAccess } from "@/features/auth/page-access.server";
import { can } from "@/features/accounts/permissions";
import { listAppointments } from "@/features/interactions/interactions-read.server";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import { AppointmentList } from "@/features/interactions/components/appointment-list";
import { TimeZoneNote } from "@/features/interactions/components/time-zone-note";
import { HttpError } from "@/lib/http/errors";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Appointments" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The appointments the account's AI employees booked, newest first, a page at a time (issue 23, ADR 0117). */
async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const access = await pageAccess({ returnTo: "/calls/appointments", permission: "calls.read", delayMs: 500, loginNotice: { title: "Unauthorized", description: "You are logged out. Logging in again..." } });
  if (!access.ok) return access.element;
  const { account } = access;
  const raw = (await searchParams).cursor;
  const cursor = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  let page;
  try {
    page = await listAppointments(account.id, new URLSearchParams(cursor ? { cursor } : {}));
  } catch (err) {
    // A hand-edited cursor: the first page.
    if (err instanceof HttpError && err.status === 400) redirect("/calls/appointments");
    throw err;
  }
  const display = await callDisplayFor(account);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <Link href="/calls" className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        <ArrowLeft className="size-4" aria-hidden />
        All calls and messages
      </Link>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Appointments</h1>
      <p className="mt-1 text-slate-700">The appointments your AI employees booked, newest first, with the caller and the call.</p>
      <TimeZoneNote display={display} canEditSettings={can(account.role, "settings.edit")} />
      <AppointmentList page={page} display={display} paged={Boolean(cursor)} />
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

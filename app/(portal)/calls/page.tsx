import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { pageAccess } from "@/features/auth/page-access.server";
import { can } from "@/features/accounts/permissions";
import { listAiEmployees, listInteractions } from "@/features/interactions/interactions-read.server";
import { CallLog } from "@/features/interactions/components/call-log";
import { TimeZoneNote } from "@/features/interactions/components/time-zone-note";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import { NO_FILTERS, type CallFilterValues } from "@/features/interactions/interaction-view";
import { HttpError } from "@/lib/http/errors";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Calls & Messages" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The customer's call log: the first page rendered here, the filters from the address. */
async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const access = await pageAccess({ returnTo: "/calls", permission: "calls.read", delayMs: 500, loginNotice: { title: "Unauthorized", description: "You are logged out. Logging in again..." } });
  if (!access.ok) return access.element;
  const { account } = access;
  const raw = await searchParams;
  const filters: CallFilterValues = { ...NO_FILTERS };
  for (const key of Object.keys(NO_FILTERS) as (keyof CallFilterValues)[]) {
    const v = raw[key];
    filters[key] = (Array.isArray(v) ? v[0] : v) ?? "";
  }
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v.trim()));
  let first;
  try {
    first = await listInteractions(account.id, params);
  } catch (err) {
    // A hand-edited address with a bad filter: the unfiltered log.
    if (err instanceof HttpError && err.status === 400) redirect("/calls");
    throw err;
  }
  const aiEmployees = await listAiEmployees(account.id);
  const display = await callDisplayFor(account);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Calls &amp; Messages</h1>
      <p className="mt-1 text-slate-700">Every call, text and chat your AI employees handled, with summaries, transcripts, recordings and the units each one counted.</p>
      <TimeZoneNote display={display} canEditSettings={can(account.role, "settings.edit")} />
      <p className="mt-3">
        <Link href="/calls/appointments" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Appointments booked by your AI employees
        </Link>
      </p>
      <CallLog initialFilters={filters} initialPage={first} aiEmployees={aiEmployees} canExport={can(account.role, "calls.export")} display={display} />
    </section>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

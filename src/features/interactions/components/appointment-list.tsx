import Link from "next/link";
import { CalendarCheck, Phone } from "lucide-react";
import { phoneHref } from "@/lib/phone-format";
import { callTime, type CallDisplay } from "../call-display";
import type { InteractionPage } from "../interaction-view";
import { otherNumber, otherParty } from "./call-row";

/**
 * The Appointments view's list (server-rendered): who booked, when the call
 * was, which AI employee took it, a link to the call and one to call back;
 * "Older appointments" follows the cursor, "Newest appointments" goes back.
 */
export function AppointmentList({ page, display, paged }: { page: InteractionPage; display: CallDisplay; paged: boolean }) {
  if (page.items.length === 0 && !paged) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <p className="text-base font-semibold text-slate-900">No appointments booked yet</p>
        <p className="mt-1 text-sm text-slate-700">When your AI employee books an appointment on a call, it shows up here with the caller and the time.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="mt-6 space-y-3" aria-label="Booked appointments">
        {page.items.map((item) => {
          const number = otherNumber(item, display);
          const tel = phoneHref(item.direction === "inbound" ? item.from : item.to, display.country);
          return (
            <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h2 className="flex items-center gap-2 break-words text-base font-semibold text-slate-900">
                    <CalendarCheck className="size-4 shrink-0 text-green-700" aria-hidden />
                    {otherParty(item, display)}
                  </h2>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                    {item.callerName && number ? (
                      <>
                        <dt className="text-slate-600">Number</dt>
                        <dd className="break-all text-slate-900">{number}</dd>
                      </>
                    ) : null}
                    <dt className="text-slate-600">Booked on the call of</dt>
                    <dd className="text-slate-900">
                      <time dateTime={item.startedAt}>{callTime(item.startedAt, display)}</time>
                    </dd>
                    <dt className="text-slate-600">AI employee</dt>
                    <dd className="break-words text-slate-900">{item.aiEmployeeName}</dd>
                  </dl>
                  {item.summary ? <p className="mt-2 line-clamp-2 break-words text-sm text-slate-700">{item.summary}</p> : null}
                </div>
                <div className="flex shrink-0 flex-wrap gap-3 text-sm font-medium">
                  <Link href={`/calls/${encodeURIComponent(item.id)}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
                    View the call<span className="sr-only"> with {otherParty(item, display)}</span>
                  </Link>
                  {tel ? (
                    <a href={tel} className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2 hover:text-brand-800">
                      <Phone className="size-4" aria-hidden />
                      Call back<span className="sr-only"> {number}</span>
                    </a>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {page.items.length === 0 ? <p className="mt-6 text-slate-700">No older appointments.</p> : null}
      <nav aria-label="Appointment pages" className="mt-6 flex flex-wrap justify-center gap-4 text-sm font-medium">
        {paged ? (
          <Link href="/calls/appointments" className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Newest appointments
          </Link>
        ) : null}
        {page.nextCursor ? (
          <Link href={`/calls/appointments?cursor=${encodeURIComponent(page.nextCursor)}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Older appointments
          </Link>
        ) : null}
      </nav>
    </>
  );
}

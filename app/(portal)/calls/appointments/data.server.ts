import "server-only";
import { redirect } from "next/navigation";
import type { PortalUser } from "@/features/auth/guards.server";
import { can } from "@/features/accounts/permissions";
import { listAppointments } from "@/features/interactions/interactions-read.server";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import { HttpError } from "@/lib/http/errors";

type SearchParams = Record<string, string | string[] | undefined>;

export type AppointmentsScreenData = {
  page: Awaited<ReturnType<typeof listAppointments>>;
  display: Awaited<ReturnType<typeof callDisplayFor>>;
  /** A later page (a cursor in the address). */
  paged: boolean;
  canEditSettings: boolean;
};

/** The appointments the account's AI employees booked, a page at a time; a hand-edited cursor goes back to the first page. */
export async function loadAppointmentsScreen({ account }: PortalUser, searchParams: SearchParams): Promise<AppointmentsScreenData> {
  const raw = searchParams.cursor;
  const cursor = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  let page;
  try {
    page = await listAppointments(account.id, new URLSearchParams(cursor ? { cursor } : {}));
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) redirect("/calls/appointments");
    throw err;
  }
  return { page, display: await callDisplayFor(account), paged: Boolean(cursor), canEditSettings: can(account.role, "settings.edit") };
}

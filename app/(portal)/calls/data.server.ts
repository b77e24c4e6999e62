import "server-only";
import { redirect } from "next/navigation";
import type { PortalUser } from "@/features/auth/guards.server";
import { can } from "@/features/accounts/permissions";
import { listAiEmployees, listInteractions } from "@/features/interactions/interactions-read.server";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import { NO_FILTERS, type CallFilterValues } from "@/features/interactions/interaction-view";
import { HttpError } from "@/lib/http/errors";

type SearchParams = Record<string, string | string[] | undefined>;

export type CallsScreenData = {
  filters: CallFilterValues;
  first: Awaited<ReturnType<typeof listInteractions>>;
  aiEmployees: Awaited<ReturnType<typeof listAiEmployees>>;
  display: Awaited<ReturnType<typeof callDisplayFor>>;
  canExport: boolean;
  canEditSettings: boolean;
};

/** The call log's first page for the filters in the address; a hand-edited bad filter goes to the unfiltered log. */
export async function loadCallsScreen({ account }: PortalUser, raw: SearchParams): Promise<CallsScreenData> {
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
    if (err instanceof HttpError && err.status === 400) redirect("/calls");
    throw err;
  }
  return {
    filters,
    first,
    aiEmployees: await listAiEmployees(account.id),
    display: await callDisplayFor(account),
    canExport: can(account.role, "calls.export"),
    canEditSettings: can(account.role, "settings.edit"),
  };
}

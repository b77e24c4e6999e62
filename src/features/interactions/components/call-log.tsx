"use client";
import * as React from "react";
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { api, errorMessage, withQuery } from "@/lib/api-client";
import { useDebounced } from "@/lib/paged-list";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { Card, CardContent } from "@/lib/ui/card";
import { Spinner } from "@/lib/ui/spinner";
import type { CallDisplay } from "../call-display";
import { NO_FILTERS, type CallFilterValues, type InteractionPage } from "../interaction-view";
import { CallFilters } from "./call-filters";
import { CallRow } from "./call-row";

const PATH = "/api/interactions";

/** Only the filters that are set, as query parameters. */
function query(f: CallFilterValues): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.trim() || undefined]));
}

function same(a: CallFilterValues, b: CallFilterValues): boolean {
  return (Object.keys(a) as (keyof CallFilterValues)[]).every((k) => a[k].trim() === b[k].trim());
}

/**
 * The customer's call log: the first page comes rendered by the server; the
 * filters and the search fetch again (the address keeps them, so a reload or
 * a shared link shows the same list), "Load more" follows the cursor, and
 * "Download CSV" exports everything the filters select.
 */
export function CallLog({
  initialFilters,
  initialPage,
  aiEmployees,
  canExport,
  display,
}: {
  initialFilters: CallFilterValues;
  initialPage: InteractionPage;
  aiEmployees: { id: string; name: string }[];
  /** The member's role holds calls.export (issue 22): the download is offered. */
  canExport: boolean;
  /** The page's time zone and the account's country (ADR 0117). */
  display: CallDisplay;
}) {
  const [values, setValues] = React.useState(initialFilters);
  const q = useDebounced(values.q);
  const applied = React.useMemo(() => ({ ...values, q }), [values, q]);

  const result = useInfiniteQuery<InteractionPage, Error, InfiniteData<InteractionPage>, readonly unknown[], string | null>({
    queryKey: [PATH, query(applied)],
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api.get<InteractionPage>(withQuery(PATH, { ...query(applied), limit: 25, cursor: pageParam ?? undefined }), { signal }),
    initialData: same(applied, initialFilters) ? { pages: [initialPage], pageParams: [null] } : undefined,
    // Coming back to /calls in the app shows the cached pages, read again when older than this (new calls arrive all day).
    staleTime: 30_000,
    // A new filter keeps the current rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
    meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/calls" } },
  });
  const items = React.useMemo(() => (result.data?.pages ?? []).flatMap((p) => p.items), [result.data]);

  // The address carries the filters (replaceState: no new history entry per keystroke).
  React.useEffect(() => {
    const url = withQuery("/calls", query(applied));
    if (url !== window.location.pathname + window.location.search) window.history.replaceState(window.history.state, "", url);
  }, [applied]);

  const filtered = Object.values(applied).some((v) => v.trim());
  const csvHref = withQuery(`${PATH}/export.csv`, query(applied));
  const updating = result.isFetching && !result.isFetchingNextPage;

  return (
    <div className="mt-6 space-y-6">
      <Card>
        <CardContent className="pt-6">
          <CallFilters values={values} onChange={setValues} aiEmployees={aiEmployees} />
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{filtered ? "Matching calls and messages" : "All calls and messages"}</h2>
        <div className="flex items-center gap-3">
          {updating ? <Spinner className="[&_svg]:size-5" label="Updating the list" /> : null}
          {canExport ? (
            <Button asChild variant="outline">
              <a href={csvHref} download>
                <Download aria-hidden />
                Download CSV
              </a>
            </Button>
          ) : null}
        </div>
      </div>

      {result.error && !result.isFetchingNextPage ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {errorMessage(result.error, "The calls could not be loaded. Please try again.")}
        </p>
      ) : null}

      {items.length === 0 && !result.isFetching && !result.error ? (
        <EmptyState filtered={filtered} onClear={() => setValues(NO_FILTERS)} />
      ) : (
        <ul className="space-y-3" aria-label="Calls and messages" aria-busy={updating || undefined}>
          {items.map((item) => (
            <CallRow key={item.id} item={item} display={display} />
          ))}
        </ul>
      )}

      {result.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void result.fetchNextPage()} disabled={result.isFetchingNextPage}>
            {result.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
      {filtered ? (
        <>
          <p className="text-base font-semibold text-slate-900">Nothing matches these filters</p>
          <p className="mt-1 text-sm text-slate-700">Try other words, another date range or fewer filters.</p>
          <Button variant="outline" className="mt-4" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <p className="text-base font-semibold text-slate-900">No calls or messages yet</p>
          <p className="mt-1 text-sm text-slate-700">When your AI employee answers a call, a text or a chat, it shows up here with its summary and transcript.</p>
        </>
      )}
    </div>
  );
}

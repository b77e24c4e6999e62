import * as React from "react";
import { Button } from "./button";
import { Input, Label } from "./input";
import { Spinner } from "./spinner";
import { cn } from "./cn";

/** What a list's query says about itself: a TanStack query (usePagedList or useQuery) fits. */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage?: boolean;
  fetchNextPage?: () => unknown;
  isFetchingNextPage?: boolean;
};

export type ListSearch = {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
};

export type ListState = "loading" | "error" | "empty" | "results";

/**
 * Which of its states a list is in. An error wins over rows kept from before
 * only in the message: rows already shown stay under it (see ListShell).
 */
export function listState(query: Pick<ListQuery, "isPending" | "isError">, count: number): ListState {
  if (query.isPending && count === 0) return "loading";
  if (query.isError) return "error";
  return count === 0 ? "empty" : "results";
}

export type ListShellProps = {
  query: ListQuery;
  /** How many rows are loaded (0 shows `empty`). */
  count: number;
  /** The search box, inside the list's search landmark with `filters`. */
  search?: ListSearch;
  filters?: React.ReactNode;
  /** The accessible name of the search landmark, e.g. "Search orders". */
  searchLabel?: string;
  /** Classes of the search landmark (its grid of boxes). */
  searchClassName?: string;
  /** Shown between the search and the list (e.g. the account filter note). */
  notice?: React.ReactNode;
  /** "Loading orders": the spinner's name; the visible text adds "...". */
  loading: string;
  /** The error's first line, e.g. "Unable to load AI ready orders.". */
  error: string;
  empty: React.ReactNode;
  /** The rows. */
  children: React.ReactNode;
};

/**
 * One admin list's frame (ADR 0142): the search box and filters, then loading,
 * the error with Retry, the empty text, or the rows with "Load more" while the
 * server has another page. The rows and their markup stay with the feature.
 */
export function ListShell({ query, count, search, filters, searchLabel, searchClassName, notice, loading, error, empty, children }: ListShellProps) {
  const state = listState(query, count);
  return (
    <>
      {search || filters ? (
        <div className={cn("mb-4 grid grid-cols-1 gap-3", searchClassName)} role="search" aria-label={searchLabel}>
          {search ? <SearchBox {...search} /> : null}
          {filters}
        </div>
      ) : null}
      {notice}
      {state === "loading" ? (
        <p className="flex items-center gap-2 text-slate-700" data-list-state="loading">
          <Spinner label={loading} /> {loading}...
        </p>
      ) : null}
      {state === "error" ? (
        <div className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900" role="alert" data-list-state="error">
          <p className="font-semibold">{error}</p>
          <Button className="mt-3" variant="outline" size="sm" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      {state === "empty" ? (
        <p className="text-slate-700" data-list-state="empty">
          {empty}
        </p>
      ) : null}
      {count > 0 ? (
        <>
          {children}
          {query.hasNextPage && query.fetchNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" onClick={() => void query.fetchNextPage?.()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? "Loading..." : "Load more"}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}

function SearchBox({ id, label, placeholder, value, onChange, testId }: ListSearch) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" data-testid={testId} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

"use client";
import * as React from "react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { throwIfResNotOk, withQuery } from "./api-client";

type Page<T> = { items: T[]; next: string | null };

/**
 * One of the admin lists paged on the server (ADR 0096): fetches the first page
 * for `params`, and the next one (its `X-Next-Cursor`) on `loadMore`.
 */
export function usePagedList<T>(path: string, params: Record<string, string | undefined>) {
  const query = useInfiniteQuery<Page<T>, Error, Page<T>[], readonly unknown[], string | null>({
    queryKey: [path, "paged", params],
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
    queryFn: async ({ pageParam, signal }) => {
      const res = await fetch(withQuery(path, { ...params, cursor: pageParam ?? undefined }), { credentials: "include", signal });
      await throwIfResNotOk(res);
      return { items: (await res.json()) as T[], next: res.headers.get("X-Next-Cursor") };
    },
    select: (data) => data.pages,
    // A new search or filter keeps the current rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
  const items = React.useMemo(() => (query.data ?? []).flatMap((p) => p.items), [query.data]);
  return { ...query, items };
}

/** `value`, once it has stopped changing for `ms` (the search boxes). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** A list's search box: the text as typed, and `q`, trimmed and debounced, for the query. */
export function useSearchText(ms = 300) {
  const [text, setText] = React.useState("");
  const q = useDebounced(text.trim(), ms);
  return { text, setText, q };
}
